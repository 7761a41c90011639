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
  };
}
