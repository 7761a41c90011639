import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { fetchAccount } from '../shared/auth/account-state';
import { NetworkError } from '../shared/data/client';
import { ToastHost } from '../shared/plain/toast';
import { ACCOUNT_KEY, AccountProvider } from './auth/account';
import { PlainScope } from './components/plain-scope';
import { readableComponents } from './components/theme-config';
import { useAntdLocale } from './i18n/antd-locale';
import { createConsoleRouter, prefetchRouteData, preloadRoute } from './routes';
import { themeAlgorithms, useThemeSettings } from './shell/theme-store';

const queryClient = new QueryClient({
  defaultOptions: {
    // A refusal will not change on retry; a dropped connection may.
    queries: { retry: (failures, error) => error instanceof NetworkError && failures < 2 },
  },
});

/** How long the first render waits, at most, for the account and the page's first data. */
const FIRST_RENDER_WAIT_MS = 400;

/**
 * What a first load asks for before anything renders, side by side: the session's account (every
 * page waits for it; index.html has asked for it already), the code of the page at `pathname` and
 * of the frame around it, and, once the account is known, the data that page shows first
 * (routes.tsx, a route's `prefetch`). Resolves when the first render may start: the account, the
 * page's code and its data are in, or FIRST_RENDER_WAIT_MS have passed (the frame then renders
 * without them: the guard shows nothing until the account is known, the page a spinner until its
 * code comes and its skeleton until its data comes). One render with the page and its data costs
 * less than a render without them and another when they arrive, which React's Suspense would also
 * hold back for up to 300 ms (shared/plain/preloadable.tsx).
 */
export function startLoading(pathname: string): Promise<void> {
  const account = queryClient.fetchQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount, staleTime: 60_000 });
  const code = preloadRoute(pathname);
  const data = account.then(
    (signedIn) => (signedIn ? prefetchRouteData(pathname, signedIn, queryClient) : undefined),
    // The account provider asks again and shows the error.
    () => undefined,
  );
  const waited = new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  return Promise.race([Promise.all([code, data]).then(() => undefined), waited]);
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
