import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button';
import './theme.css';
import './menu.css';

export interface MenuItem {
  key: string;
  label: ReactNode;
  /** The language of the label (a language's name in its own language). */
  lang?: string;
}

interface Props extends Omit<ButtonProps, 'onClick' | 'onSelect'> {
  items: MenuItem[];
  /** The item shown as the current one. */
  current?: string;
  onSelect: (key: string) => void;
}

/**
 * A button that opens a menu below it (the language menu): arrows move between the items, Enter
 * or a click chooses one, Escape, Tab or a click elsewhere closes it, and the focus returns to the
 * button.
 */
export function MenuButton({ items, current, onSelect, ...button }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const focusables = list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]');
    const start = Math.max(
      0,
      items.findIndex((item) => item.key === current),
    );
    focusables?.[start]?.focus();
    const outside = (event: PointerEvent) => {
      if (!(event.target instanceof Node && anchor.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, items, current]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const focusables = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const index = document.activeElement instanceof HTMLButtonElement ? focusables.indexOf(document.activeElement) : -1;
    const move = (to: number) => focusables[(to + focusables.length) % focusables.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(focusables.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <span ref={anchor} className="gh-menu-anchor">
      <Button
        {...button}
        ref={trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      />
      {open && (
        <div ref={list} id={menuId} role="menu" tabIndex={-1} className="gh-popup gh-menu" onKeyDown={onKeyDown}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={item.lang}
              className="gh-menu-item"
              aria-current={item.key === current || undefined}
              onClick={() => {
                close(true);
                onSelect(item.key);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
