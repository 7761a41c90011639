import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { Option } from './input';
import './theme.css';
import './input.css';
import './combobox.css';

interface Props {
  id?: string;
  /** The chosen value ('' or undefined: none). */
  value?: string;
  onChange: (value: string) => void;
  /** The choices now (filtered by the caller through onSearch, or here by their text). */
  options: Option[];
  /** The typed text, for a list searched elsewhere (the server); without it the list is filtered here. */
  onSearch?: (text: string) => void;
  /** What the list says while it has no choices (loading, nothing found, an error with Retry). */
  empty?: ReactNode;
  /** What the closed box shows of the chosen value (default: its option's label). */
  shown?: (value: string) => string;
  /** The list opened or closed (a list searched elsewhere asks only once it opens). */
  onOpenChange?: (open: boolean) => void;
  style?: CSSProperties;
  placeholder?: string;
  autoFocus?: boolean;
  invalid?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/**
 * A choice from a list searched by typing (antd's Select with showSearch), as the ARIA combobox
 * pattern says: the input is the combobox, arrows move through the listbox below it, Enter or a
 * click chooses, Escape closes.
 */
export function Combobox({
  id,
  value,
  onChange,
  options,
  onSearch,
  empty,
  shown,
  onOpenChange,
  style,
  placeholder,
  autoFocus,
  invalid,
  className,
  ...labels
}: Props) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  // The list's openings and closings, told to the caller once each.
  const openChange = useRef(onOpenChange);
  openChange.current = onOpenChange;
  const told = useRef(false);
  useEffect(() => {
    if (open === told.current) return;
    told.current = open;
    openChange.current?.(open);
  }, [open]);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const chosenLabel = value ? (shown?.(value) ?? options.find((o) => o.value === value)?.label ?? value) : '';
  const typed = text ?? '';
  const list =
    onSearch || !typed.trim()
      ? options
      : options.filter((o) => `${o.label} ${o.value}`.toLowerCase().includes(typed.trim().toLowerCase()));

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!(event.target instanceof Node && box.current?.contains(event.target))) {
        setOpen(false);
        setText(null);
      }
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onChange(option.value);
    setOpen(false);
    setText(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => (list.length === 0 ? 0 : (i + (event.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(list[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText(null);
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div ref={box} className={['gh-combo', className].filter(Boolean).join(' ')} style={style}>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && list[active] ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        {...labels}
        className={['gh-input', invalid && 'gh-invalid'].filter(Boolean).join(' ')}
        value={text ?? chosenLabel}
        title={chosenLabel || undefined}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: only where the page has nothing else to do (the organization choice).
        autoFocus={autoFocus}
        autoComplete="off"
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          onSearch?.(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        // The combobox's input keeps the focus (aria-activedescendant); its keys act on the list.
        <div id={listId} role="listbox" tabIndex={-1} className="gh-popup gh-listbox" aria-label={labels['aria-label']}>
          {list.map((option, index) => (
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={option.value === value}
              className={['gh-option', index === active && 'gh-option-active'].filter(Boolean).join(' ')}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onKeyDown={onKeyDown}
            >
              {option.label}
            </div>
          ))}
          {list.length === 0 && empty && <div className="gh-listbox-note">{empty}</div>}
        </div>
      )}
    </div>
  );
}
