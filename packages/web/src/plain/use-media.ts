import { useSyncExternalStore } from 'react';

/** Whether the window matches a media query now (re-renders when that changes). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Narrower than antd's md breakpoint (768px): a phone. */
export const PHONE_QUERY = '(max-width: 767.98px)';
