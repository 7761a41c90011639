import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { localSetting } from '../shared/components/local-setting';
import { parseThemeSettings } from '../shared/components/theme-settings';
import { themeAttributes } from '../shared/plain/theme';
import { ToastHost } from '../shared/plain/toast';
import { PublicAccountProvider } from './account-provider';
import { PublicRoutes } from './routes';

/** The viewer's own theme choice (the console's header menu), which the sign-in pages follow too. */
const themeSetting = localSetting('theme', parseThemeSettings);

/**
 * The sign-in pages' application (signin.html): React, the router and the texts, the plain kit
 * (src/shared/plain) and nothing of antd, so that a visitor who only signs in downloads a fraction of the
 * console. An application's own theme, when it has one, applies inside its pages' frame.
 */
export function PublicApp() {
  const settings = themeSetting.use();
  useEffect(() => {
    const attributes = themeAttributes(settings);
    const root = document.documentElement;
    root.dataset.ghTheme = attributes['data-gh-theme'];
    root.dataset.ghSize = attributes['data-gh-size'];
    root.style.colorScheme = settings.dark ? 'dark' : 'light';
  }, [settings]);
  return (
    <PublicAccountProvider>
      <BrowserRouter useTransitions={false}>
        <PublicRoutes />
      </BrowserRouter>
      <ToastHost />
    </PublicAccountProvider>
  );
}
