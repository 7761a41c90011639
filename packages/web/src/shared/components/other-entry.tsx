import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { carryNotices } from '../plain/toast';

/**
 * A page of the other entry (the sign-in pages and the console are two applications, each with its
 * own HTML): the browser loads it, carrying the notices on screen. `fallback` shows instead where
 * the server would answer this entry again (a path neither knows), so that nothing reloads forever.
 */
export function OtherEntry({ ours, fallback }: { ours: (pathname: string) => boolean; fallback: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const elsewhere = !ours(pathname);
  useEffect(() => {
    if (!elsewhere) return;
    carryNotices();
    window.location.replace(`${pathname}${search}${hash}`);
  }, [elsewhere, pathname, search, hash]);
  return elsewhere ? null : fallback;
}
