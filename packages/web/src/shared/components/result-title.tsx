import type { ReactNode } from 'react';

/**
 * The title of a full-page Result (403, 404, not available yet) as the screen's level-1 heading,
 * like the title of every list and edit screen, so that it is announced and reachable as one. It
 * keeps the Result's own type style.
 */
export function ResultTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{children}</h1>;
}
