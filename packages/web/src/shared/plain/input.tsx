import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Icon } from './icon';
import './input.css';

/** The props a form field hands its control (signin/components/form.tsx). */
export interface ControlProps<V = string> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  invalid?: boolean;
  'aria-describedby'?: string;
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'>;

export interface InputProps extends NativeInput, ControlProps {
  /** An icon inside the box before the text. */
  prefix?: ReactNode;
  /** Something inside the box after the text (the password's eye). */
  suffix?: ReactNode;
  /** Enter pressed in the input. */
  onPressEnter?: () => void;
  ref?: Ref<HTMLInputElement>;
}

/** A text input in antd's look; with a prefix or suffix the box wraps the input. */
export function Input({
  value,
  onChange,
  invalid,
  prefix,
  suffix,
  onPressEnter,
  className,
  onKeyDown,
  ref,
  ...rest
}: InputProps) {
  const input = (
    <input
      ref={ref}
      value={value ?? ''}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange?.(event.target.value)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter' && onPressEnter) onPressEnter();
      }}
      className={prefix || suffix ? undefined : ['gh-input', invalid && 'gh-invalid', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
  if (!prefix && !suffix) return input;
  return (
    <span className={['gh-affix', invalid && 'gh-invalid', className].filter(Boolean).join(' ')}>
      {prefix}
      {input}
      {suffix}
    </span>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'suffix'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        // Out of the Tab order as antd's eye is (Tab goes from the password to what follows it); its
        // name does not repeat the field's, whose label alone names the input.
        <button
          type="button"
          tabIndex={-1}
          className="gh-affix-button"
          aria-label={t(visible ? 'general.hide' : 'general.show')}
          title={t(visible ? 'general.hidePassword' : 'general.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      }
    />
  );
}

type NativeTextArea = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>;

export function TextArea({ value, onChange, invalid, className, ...rest }: NativeTextArea & ControlProps) {
  return (
    <textarea
      value={value ?? ''}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange?.(event.target.value)}
      className={['gh-input', invalid && 'gh-invalid', className].filter(Boolean).join(' ')}
      rows={2}
      {...rest}
    />
  );
}

/** A checkbox with its text, in the theme's colour. */
export function Checkbox({
  id,
  value,
  onChange,
  invalid,
  children,
  className,
  'aria-describedby': describedBy,
}: ControlProps<boolean> & { children: ReactNode; className?: string }) {
  return (
    <label className={['gh-check', className].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A native select in antd's look (short lists: the page's choices, a few addresses). */
export function NativeSelect({
  id,
  value,
  onChange,
  invalid,
  options,
  placeholder,
  className,
  'aria-describedby': describedBy,
  ...rest
}: ControlProps & {
  options: Option[];
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
  autoFocus?: boolean;
}) {
  return (
    <select
      id={id}
      value={value ?? ''}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange?.(event.target.value)}
      className={['gh-input', invalid && 'gh-invalid', className].filter(Boolean).join(' ')}
      {...rest}
    >
      {placeholder !== undefined && (
        <option value="" disabled={value !== undefined && value !== ''}>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Several choices of a short list: a group of checkboxes (the value is the chosen ones, in the list's order). */
export function CheckboxGroup({
  id,
  value,
  onChange,
  options,
  label,
}: ControlProps<string[]> & { options: Option[]; label: string }) {
  const chosen = new Set(value ?? []);
  return (
    <fieldset id={id} aria-label={label} className="gh-row gh-fieldset">
      {options.map((option) => (
        <Checkbox
          key={option.value}
          value={chosen.has(option.value)}
          onChange={(on) => {
            const next = new Set(chosen);
            if (on) next.add(option.value);
            else next.delete(option.value);
            onChange?.(options.map((o) => o.value).filter((v) => next.has(v)));
          }}
        >
          {option.label}
        </Checkbox>
      ))}
    </fieldset>
  );
}
