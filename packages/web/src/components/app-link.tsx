import { Button } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import { isConsolePath } from './console-path';
import { LinkButton } from './link-button';

/**
 * A text link to a console path (navigating inside the console on a plain click) or to another
 * site (an ordinary link), styled in the theme's link colour (antd's styles of every link, which
 * Typography.Link's are too).
 */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  const inside = isConsolePath(to);
  const href = useHref(inside ? to : '/');
  if (!inside) return <a href={to}>{children}</a>;
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  );
}

/** A primary button to a console path (LinkButton) or to another site (an ordinary link). */
export function AppLinkButton({ to, children }: { to: string; children: ReactNode }) {
  return isConsolePath(to) ? (
    <LinkButton type="primary" to={to}>
      {children}
    </LinkButton>
  ) : (
    <Button type="primary" href={to}>
      {children}
    </Button>
  );
}
