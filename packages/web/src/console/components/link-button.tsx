import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * A button-looking link: a real <a href> (open in a new tab, copy the address, screen readers say
 * "link") that navigates inside the console on a plain click.
 */
export function LinkButton({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  const href = useHref(to);
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || props.disabled) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={href} onClick={handleClick} />;
}
