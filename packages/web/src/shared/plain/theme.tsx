import type { CSSProperties, ReactNode } from 'react';
import './theme.css';

declare module 'react' {
  // The kit's custom properties (--gh-primary ...) in style objects.
  interface CSSProperties {
    [variable: `--${string}`]: string | number | undefined;
  }
}

/** What a theme of the theme editor sets: its type, primary colour, corner radius and density. */
export interface PlainTheme {
  dark: boolean;
  compact: boolean;
  colorPrimary?: string;
  borderRadius?: number;
}

/** The console's brand colour (the logo's). */
export const BRAND_PRIMARY = '#5734d3';

/** The attributes that put a theme on an element and what is inside it (theme.css). */
export function themeAttributes(theme: PlainTheme): {
  'data-gh-theme': 'dark' | 'light';
  'data-gh-size': 'compact' | 'middle';
  style: CSSProperties;
} {
  return {
    'data-gh-theme': theme.dark ? 'dark' : 'light',
    'data-gh-size': theme.compact ? 'compact' : 'middle',
    style: {
      '--gh-primary': theme.colorPrimary || BRAND_PRIMARY,
      ...(theme.borderRadius === undefined ? {} : { '--gh-radius': `${theme.borderRadius}px` }),
    },
  };
}

/** An element that gives what is inside it a theme (an application's sign-in page). */
export function ThemeScope({
  theme,
  className,
  style,
  children,
}: {
  theme: PlainTheme;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const attributes = themeAttributes(theme);
  return (
    <div
      className={['gh-scope', className].filter(Boolean).join(' ')}
      data-gh-theme={attributes['data-gh-theme']}
      data-gh-size={attributes['data-gh-size']}
      style={{ ...attributes.style, ...style }}
    >
      {children}
    </div>
  );
}
