import type { ReactNode } from 'react';
import './choices.css';

/** The steps of a page's progress (antd's small Steps): done, current and to come. */
export function Steps({ current, items, label }: { current: number; items: string[]; label: string }) {
  return (
    <ol className="gh-steps" aria-label={label}>
      {items.map((title, index) => (
        <li
          key={title}
          className={['gh-step', index < current && 'gh-step-done', index === current && 'gh-step-current']
            .filter(Boolean)
            .join(' ')}
          aria-current={index === current ? 'step' : undefined}
        >
          <span>{title}</span>
        </li>
      ))}
    </ol>
  );
}

/** One choice among a few shown side by side (antd's Segmented): radio buttons in a group. */
export function Segmented({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: ReactNode }[];
  onChange: (value: string) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="gh-segmented">
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
