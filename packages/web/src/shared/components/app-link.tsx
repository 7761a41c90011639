import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import { buttonClass } from '../plain/button';
import { isConsolePath } from './console-path';

/** A plain click on a link to a path of this site navigates without a page load; other clicks open as usual. */
function useInsideClick(to: string) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
}

/**
 * A text link to a console path (navigating inside the console on a plain click) or to another
 * site (an ordinary link), in the theme's link colour.
 */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const inside = isConsolePath(to);
  const href = useHref(inside ? to : '/');
  const onClick = useInsideClick(to);
  if (!inside) return <a href={to}>{children}</a>;
  return (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  );
}

/** A primary button-looking link to a console path or to another site (a real <a href>). */
export function AppLinkButton({ to, children }: { to: string; children: ReactNode }) {
  const inside = isConsolePath(to);
  const href = useHref(inside ? to : '/');
  const onClick = useInsideClick(to);
  return (
    <a className={buttonClass({ variant: 'primary' })} href={inside ? href : to} onClick={inside ? onClick : undefined}>
      {children}
    </a>
  );
}
