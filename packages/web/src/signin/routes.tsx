import { isPublicPagePath, type PublicPageRoute } from '@gatehouse/entities/plain';
import { type ReactNode, Suspense } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { OtherEntry } from '../shared/components/other-entry';
import { PageSpin } from '../shared/plain/feedback';
import { type Preloadable, preloadable } from '../shared/plain/preloadable';

// Every page is its own chunk; the boot loads the first one's before the first render (main.tsx).
const LoginPage = preloadable(() => import('./pages/login-page'));
const OAuthAuthorizePage = preloadable(() => import('./pages/oauth-authorize-page'));
const SamlAuthorizePage = preloadable(() => import('./pages/saml-authorize-page'));
const DevicePage = preloadable(() => import('./pages/device-page'));
const SignupPage = preloadable(() => import('./pages/signup-page'));
const ForgetPage = preloadable(() => import('./pages/forget-page'));
const CasLoginPage = preloadable(() => import('./pages/cas-login-page'));
const CasLogoutPage = preloadable(() => import('./pages/cas-logout-page'));
const ProviderCallbackPage = preloadable(() => import('./pages/provider-callback-page'));
const PublicNotFound = preloadable(() => import('./pages/not-found'));

interface PublicPage {
  element: ReactNode;
  preload: () => Promise<unknown>;
}

/** A route's page: `part` rendered with `props`. */
function page<P extends object>(part: Preloadable<P>, props: P): PublicPage {
  const { Component } = part;
  return { element: <Component {...props} />, preload: part.preload };
}

/** The page of each sign-in route (@gatehouse/entities' PUBLIC_PAGE_ROUTES, which the server serves with signin.html). */
const PAGES: Record<PublicPageRoute, PublicPage> = {
  '/login': page(LoginPage, {}),
  // The OAuth authorization endpoint and the device verification page.
  '/login/oauth/authorize': page(OAuthAuthorizePage, {}),
  '/login/oauth/device': page(DevicePage, {}),
  '/login/oauth/device/:userCode': page(DevicePage, {}),
  // The SAML identity provider's sign-in page.
  '/login/saml/authorize/:owner/:application': page(SamlAuthorizePage, {}),
  '/login/:organization': page(LoginPage, {}),
  // The CAS server's sign-in and sign-out pages.
  '/cas/:owner/:application/login': page(CasLoginPage, {}),
  '/cas/:owner/:application/logout': page(CasLogoutPage, {}),
  // Where identity providers send the browser back after a sign-in or a link.
  '/callback': page(ProviderCallbackPage, {}),
  // The forgotten-password page of the built-in application and of an application.
  '/forget': page(ForgetPage, {}),
  '/forget/:application': page(ForgetPage, {}),
  // Sign-up: the built-in application's, an application's, and the application's of an authorization request.
  '/signup': page(SignupPage, {}),
  '/signup/oauth/authorize': page(SignupPage, { oauth: true }),
  '/signup/:application': page(SignupPage, {}),
};

const top = (element: ReactNode) => <Suspense fallback={<PageSpin />}>{element}</Suspense>;

const ROUTES: RouteObject[] = [
  ...Object.entries(PAGES).map(([path, { element }]) => ({ path, element: top(element) })),
  // Every other path is the console's: the browser loads it there.
  { path: '*', element: <OtherEntry ours={isPublicPagePath} fallback={top(<PublicNotFound.Component />)} /> },
];

const PRELOADS = new Map(Object.entries(PAGES).map(([path, { preload }]) => [path, preload]));

/**
 * Loads the code of the page at `pathname` (none for the console's paths); settles when it is in
 * or has failed (the page then loads again as it renders), so that the first render shows the page
 * at once instead of its spinner, which React's Suspense would hold for up to 300 ms.
 */
export async function preloadPublicPage(pathname: string): Promise<void> {
  const [match] = matchRoutes(ROUTES, pathname) ?? [];
  const path = match?.route.path;
  await (path === undefined ? undefined : PRELOADS.get(path)?.().catch(() => undefined));
}

export function PublicRoutes() {
  return useRoutes(ROUTES);
}
