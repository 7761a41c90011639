import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { type ButtonHTMLAttributes, type ReactNode, type Ref, useEffect, useState } from 'react';
import { Icon } from './icon';
import './button.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** antd's types: primary, default, text, link; `danger` colours a default button red. */
  variant?: 'primary' | 'default' | 'text' | 'link';
  danger?: boolean;
  htmlType?: 'button' | 'submit';
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
  shape?: 'default' | 'circle';
  icon?: ReactNode;
  /**
   * An action in flight: after `delay` ms (so that quick answers never flash a spinner) the button
   * shows a spinner and ignores clicks; its name stays the same.
   */
  loading?: boolean | { delay: number };
  ref?: Ref<HTMLButtonElement>;
}

/** The class names of a button's look (also given to links that look like buttons). */
export function buttonClass({
  variant = 'default',
  danger,
  block,
  size,
  shape,
  iconOnly,
  className,
}: Pick<ButtonProps, 'variant' | 'danger' | 'block' | 'size' | 'shape' | 'className'> & { iconOnly?: boolean }): string {
  return [
    'gh-btn',
    variant !== 'default' && `gh-btn-${variant}`,
    danger && 'gh-btn-danger',
    block && 'gh-btn-block',
    size === 'small' && 'gh-btn-sm',
    size === 'large' && 'gh-btn-lg',
    shape === 'circle' && 'gh-btn-circle',
    iconOnly && shape !== 'circle' && 'gh-btn-icon',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

function useDelayed(loading: ButtonProps['loading']): boolean {
  const delay = typeof loading === 'object' ? loading.delay : 0;
  const on = !!loading;
  const [shown, setShown] = useState(on && delay === 0);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    if (delay === 0) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [on, delay]);
  return shown;
}

/** A button in antd's look (button.css). */
export function Button({
  variant,
  danger,
  htmlType = 'button',
  block,
  size,
  shape,
  icon,
  loading,
  className,
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const spinning = useDelayed(loading);
  const hasText = children !== undefined && children !== null && children !== false;
  return (
    <button
      ref={ref}
      type={htmlType}
      className={
        buttonClass({ variant, danger, block, size, shape, iconOnly: !hasText, className }) + (spinning ? ' gh-btn-loading' : '')
      }
      aria-busy={spinning || undefined}
      onClick={(event) => {
        if (spinning) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {spinning ? <Icon icon={LoadingOutlined} spin /> : icon}
      {hasText && <span>{children}</span>}
    </button>
  );
}
