import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ACCOUNT_KEY, AccountProvider } from './auth/account';
import { fetchAccount } from './auth/account-state';
import { PlainScope } from './components/plain-scope';
import { readableComponents } from './components/theme-config';
import { NetworkError } from './data/client';
import { useAntdLocale } from './i18n/antd-locale';
import { ToastHost } from './plain/toast';
import { createConsoleRouter } from './routes';
import { themeAlgorithms, useThemeSettings } from './shell/theme-store';

const queryClient = new QueryClient({
  defaultOptions: {
    // A refusal will not change on retry; a dropped connection may.
    queries: { retry: (failures, error) => error instanceof NetworkError && failures < 2 },
  },
});

/** Asks for the session's account at boot, beside the texts and the page's code: every page waits for it. */
export function prefetchAccount(): void {
  void queryClient.prefetchQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount, staleTime: 60_000 });
}

/** The brand colour of the logo; links on dark backgrounds need a lighter tint to stay readable. */
const PRIMARY = '#5734d3';
const LINK_ON_DARK = '#a38cf5';

function ThemedApp() {
  const settings = useThemeSettings();
  const locale = useAntdLocale();
  const [router] = useState(createConsoleRouter);
  useEffect(() => {
    // Native scrollbars and form controls follow the theme too.
    document.documentElement.style.colorScheme = settings.dark ? 'dark' : 'light';
  }, [settings.dark]);
  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: themeAlgorithms(settings),
        token: { colorPrimary: PRIMARY, colorLink: settings.dark ? LINK_ON_DARK : PRIMARY },
        components: readableComponents(settings.dark),
      }}
    >
      <AntApp>
        <PlainScope dark={settings.dark} compact={settings.compact}>
          <AccountProvider>
            {/* Navigations render at once (the layout's Suspense shows a spinner while a page's code loads):
                a sign-out must leave the page before the account is cleared (auth/account.tsx). */}
            <RouterProvider router={router} useTransitions={false} />
          </AccountProvider>
          <ToastHost />
        </PlainScope>
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  );
}
