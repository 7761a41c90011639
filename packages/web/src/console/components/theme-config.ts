import type { ThemeData } from '@gatehouse/entities';
import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * antd's theme for a theme of the theme editor (an organization's or application's): its primary
 * colour (links too), border radius and compact switch, dark or light as `dark` says (the sign-in
 * pages follow the theme's type; the console keeps the viewer's own choice).
 */
export function themeConfigOf(theme: ThemeData, dark: boolean, compact = false): ThemeConfig {
  return {
    algorithm: [
      dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      ...(theme.isCompact || compact ? [antdTheme.compactAlgorithm] : []),
    ],
    token: { colorPrimary: theme.colorPrimary, colorLink: theme.colorPrimary, borderRadius: theme.borderRadius },
    components: readableComponents(dark),
  };
}

/**
 * Component tokens that keep text readable: on a dark background the primary colour as text falls
 * below a 4.5:1 contrast (the theme menu's selected Dark item was 1.7:1), so a selected menu item
 * keeps the text colour (antd's colorText there) and its tinted background still marks it.
 */
export function readableComponents(dark: boolean): ThemeConfig['components'] {
  return dark ? { Dropdown: { colorPrimary: 'rgba(255, 255, 255, 0.85)' } } : undefined;
}
