import { createContext, type ReactNode, useContext, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * The console page a page was opened from, so that Save & Exit and Cancel return there (the
 * organization's users list an edit was opened from, not the list of every user). Pages that
 * replace their own address (a rename, an Add page becoming an edit page) do not count as a move.
 */

interface Trail {
  key: string;
  here: string;
  previous: string | null;
}

const CameFromContext = createContext<{ current: Trail } | null>(null);

/** Follows the console's moves; rendered around the console's pages. */
export function CameFromProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const type = useNavigationType();
  const trail = useRef<Trail>({ key: '', here: '', previous: null });
  // Updated while rendering, before the pages below read it: keyed by the location, so a render
  // again of the same location changes nothing.
  if (trail.current.key !== location.key) {
    const here = `${location.pathname}${location.search}`;
    const moved = type !== 'REPLACE' && trail.current.here !== '' && trail.current.here !== here;
    trail.current = { key: location.key, here, previous: moved ? trail.current.here : trail.current.previous };
  }
  return <CameFromContext.Provider value={trail}>{children}</CameFromContext.Provider>;
}

/** The page the calling page was opened from, as it was when the page opened; null when opened directly. */
export function useCameFrom(): string | null {
  const trail = useContext(CameFromContext);
  const [from] = useState(() => trail?.current.previous ?? null);
  return from;
}
