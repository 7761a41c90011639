import { isPublicPagePath, type PublicPageRoute } from '@gatehouse/entities/plain';
import { lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { OtherEntry } from '../components/other-entry';
import { PageSpin } from '../plain/feedback';

// Every page is its own chunk.
const LoginPage = lazy(() => import('../pages/login-page'));
const OAuthAuthorizePage = lazy(() => import('../pages/oauth-authorize-page'));
const SamlAuthorizePage = lazy(() => import('../pages/saml-authorize-page'));
const DevicePage = lazy(() => import('../pages/device-page'));
const SignupPage = lazy(() => import('../pages/signup-page'));
const ForgetPage = lazy(() => import('../pages/forget-page'));
const CasLoginPage = lazy(() => import('../pages/cas-login-page'));
const CasLogoutPage = lazy(() => import('../pages/cas-logout-page'));
const ProviderCallbackPage = lazy(() => import('../pages/provider-callback-page'));
const PublicNotFound = lazy(() => import('./not-found'));

/** The page of each sign-in route (@gatehouse/entities' PUBLIC_PAGE_ROUTES, which the server serves with signin.html). */
const PAGES: Record<PublicPageRoute, ReactNode> = {
  '/login': <LoginPage />,
  // The OAuth authorization endpoint and the device verification page.
  '/login/oauth/authorize': <OAuthAuthorizePage />,
  '/login/oauth/device': <DevicePage />,
  '/login/oauth/device/:userCode': <DevicePage />,
  // The SAML identity provider's sign-in page.
  '/login/saml/authorize/:owner/:application': <SamlAuthorizePage />,
  '/login/:organization': <LoginPage />,
  // The CAS server's sign-in and sign-out pages.
  '/cas/:owner/:application/login': <CasLoginPage />,
  '/cas/:owner/:application/logout': <CasLogoutPage />,
  // Where identity providers send the browser back after a sign-in or a link.
  '/callback': <ProviderCallbackPage />,
  // The forgotten-password page of the built-in application and of an application.
  '/forget': <ForgetPage />,
  '/forget/:application': <ForgetPage />,
  // Sign-up: the built-in application's, an application's, and the application's of an authorization request.
  '/signup': <SignupPage />,
  '/signup/oauth/authorize': <SignupPage oauth />,
  '/signup/:application': <SignupPage />,
};

const top = (element: ReactNode) => <Suspense fallback={<PageSpin />}>{element}</Suspense>;

const ROUTES: RouteObject[] = [
  ...Object.entries(PAGES).map(([path, element]) => ({ path, element: top(element) })),
  // Every other path is the console's: the browser loads it there.
  { path: '*', element: <OtherEntry ours={isPublicPagePath} fallback={top(<PublicNotFound />)} /> },
];

export function PublicRoutes() {
  return useRoutes(ROUTES);
}
