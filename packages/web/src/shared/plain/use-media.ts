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

/** antd's breakpoints (its grid's): xs below 576 px, then sm, md, lg, xl and xxl from their widths. */
export interface Screens {
  xs: boolean;
  sm: boolean;
  md: boolean;
  lg: boolean;
  xl: boolean;
  xxl: boolean;
}

/**
 * Which of antd's breakpoints the window is at, known on the first render: antd's
 * Grid.useBreakpoint answers nothing until its effect has run, so a console first laid out for
 * the desktop laid itself out again a moment later (on phones, with a visible jump).
 */
export function useScreens(): Screens {
  return {
    xs: useMedia('(max-width: 575.98px)'),
    sm: useMedia('(min-width: 576px)'),
    md: useMedia('(min-width: 768px)'),
    lg: useMedia('(min-width: 992px)'),
    xl: useMedia('(min-width: 1200px)'),
    xxl: useMedia('(min-width: 1600px)'),
  };
}
