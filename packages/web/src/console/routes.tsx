import {
  isAdmin,
  isGlobalAdmin,
  isPublicPagePath,
  MANIFEST,
  type ManifestEntry,
  PUBLIC_PAGE_ROUTES,
} from '@gatehouse/entities/plain';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type NonIndexRouteObject, type RouteObject } from 'react-router';
import type { Account } from '../shared/auth/account-state';
import { OtherEntry } from '../shared/components/other-entry';
import { type Preloadable, preloadable } from '../shared/plain/preloadable';
import { PageSpin } from './components/page-spin';
import { type EntityPageKind, type EntityRegistration, loadEntityUi, REGISTRY } from './entities/registry';
import type { EntityUi } from './entities/ui-types';
import { dashboardQuery } from './pages/dashboard-query';
import { Guard } from './shell/guard';
import ConsoleLayout from './shell/layout';
import { OrganizationSelectorCode } from './shell/organization-picker';
import { readSelectedOrganization } from './shell/selected-organization';

/** Runs `work` a second from now, once the browser is idle: after what the page shows has loaded. */
function soonWhenIdle(work: () => void): void {
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work(), { timeout: 2000 });
    else work();
  }, 1000);
}

/** Starts loading a route's code (its handle's preload), ignoring a failure (the route retries on render). */
function preloadHandle(route: RouteObject | undefined): Promise<unknown> | undefined {
  const handle: unknown = route?.handle;
  return isRouteHandle(handle) ? handle.preload?.().catch(() => undefined) : undefined;
}

/** What a route object carries for preloadRoute and prefetchRouteData. */
interface RouteHandle {
  /** Loads the page's code (absent for what the entry holds). */
  preload?: () => Promise<unknown>;
  /** Asks for what the page shows first, once the account is known (without waiting for its code). */
  prefetch?: Prefetch;
}
type Prefetch = (account: Account, client: QueryClient) => Promise<unknown> | undefined;

/** A route rendering `page` (with `props`), which preloadRoute can load ahead. */
function pageRoute<P extends object>(page: Preloadable<P>, props: P, path?: string, prefetch?: Prefetch): NonIndexRouteObject {
  const { Component } = page;
  const handle: RouteHandle = { preload: page.preload, ...(prefetch ? { prefetch } : {}) };
  return { ...(path === undefined ? {} : { path }), element: <Component {...props} />, handle };
}

// Every page is its own chunk. The sign-in pages are another entry's (signin.html, src/signin).
// The layout is part of the entry: every console page renders in it, so its code comes with the
// entry's first files (preloaded by index.html) instead of in a second wave of small chunks.
const Home = preloadable(() => import('./pages/home'));
const NotFound = preloadable(() => import('./pages/not-found'));
const NotAvailable = preloadable(() => import('./pages/not-available'));

/** The route of a list or edit page of an entity, with the entity's overrides loaded alongside. */
function entityPage<P extends object>(
  path: string,
  registration: EntityRegistration,
  kind: EntityPageKind,
  page: () => Promise<{ default: ComponentType<P & { ui: EntityUi }> }>,
  props: P,
): RouteObject {
  const loaded = preloadable(async () => {
    const [{ default: Component }, ui] = await Promise.all([page(), loadEntityUi(registration, kind)]);
    return { default: () => <Component ui={ui} {...props} /> };
  });
  return pageRoute(loaded, {}, path);
}

const editPage = (path: string, registration: EntityRegistration, self = false) =>
  entityPage(path, registration, 'edit', () => import('./crud/entity-edit-page'), { self });
/** Each entity's edit route, which its lists load once they are shown (an edit is a list's usual next page). */
const EDIT_ROUTES = new Map(
  Object.values(REGISTRY).flatMap((registration) =>
    registration.enabled && registration.routes.edit
      ? [[registration.name, editPage(registration.routes.edit, registration)] as const]
      : [],
  ),
);
const listPage = (path: string, registration: EntityRegistration, organizationParam?: string) => {
  // Once its rows are shown, a list loads its edit page's code while the browser is idle: Edit
  // then waits for the record only. Not before: it would compete with what the list shows.
  const onShown = () => soonWhenIdle(() => preloadHandle(EDIT_ROUTES.get(registration.name)));
  return entityPage(path, registration, 'list', () => import('./crud/entity-list-page'), { organizationParam, onShown });
};

const later = (path: string, screen: string): RouteObject => pageRoute(NotAvailable, { screen }, path);

const USER = REGISTRY.user as EntityRegistration;
/** Edit routes outside the guard (a user page may be opened signed out). */
const UNGUARDED = new Set([USER.routes.edit]);

/** An entity's routes: its pages once implemented, "not available yet" until then. */
function routesOf(registration: EntityRegistration): RouteObject[] {
  const { routes, plural, name } = registration;
  const list = routes.list;
  const edit = routes.edit;
  if (!registration.enabled) {
    return [...(list ? [later(list, `nav.${plural}`)] : []), ...(edit ? [later(edit, `screens.${name}Edit`)] : [])];
  }
  return [
    ...(list ? [listPage(list, registration)] : []),
    // An entity without edit pages (verifications) has its list only.
    ...(edit ? [EDIT_ROUTES.get(name) ?? editPage(edit, registration)] : []),
  ];
}

const entityRoutes: RouteObject[] = Object.values(REGISTRY).flatMap(routesOf);

/** Pages of the menu and further routes of entities that a later release implements. */
const laterRoutes: RouteObject[] = MANIFEST.flatMap((entry: ManifestEntry) => [
  ...(entry.page && !entry.implemented && entry.routes.list && entry.routes.list !== '/'
    ? [later(entry.routes.list, `nav.${entry.plural}`)]
    : []),
  ...(entry.later ?? []).map((route) => later(route.path, route.screen)),
]);

/** Pages of the menu this release implements, by the manifest's name (the dashboard is Home's). */
const PAGES: Record<string, Preloadable<object>> = {
  shortcuts: preloadable(() => import('./pages/shortcuts-page')),
  apps: preloadable(() => import('./pages/apps-page')),
  sysinfo: preloadable(() => import('./pages/sysinfo-page')),
};
const pageRoutes: RouteObject[] = MANIFEST.flatMap((entry: ManifestEntry) => {
  const page = entry.page && entry.implemented && entry.routes.list !== '/' ? PAGES[entry.name] : undefined;
  return page && entry.routes.list ? [pageRoute(page, {}, entry.routes.list)] : [];
});

const SelectPlanPage = preloadable(() => import('./pages/select-plan-page'));

/** A page of its own at the route's path. */
const plainPage =
  (load: () => Promise<{ default: ComponentType<object> }>) =>
  (path: string): RouteObject =>
    pageRoute(preloadable(load), {}, path);

/** Further routes this release implements, by the manifest's screen key. */
const MORE_PAGES: Record<string, (path: string) => RouteObject> = {
  'screens.groupTree': (path) => entityPage(path, USER, 'list', () => import('./pages/group-tree-page'), {}),
  'screens.mfaSetup': plainPage(() => import('./pages/mfa-setup-page')),
  'screens.productBuy': plainPage(() => import('./pages/product-buy-page')),
  'screens.paymentResult': plainPage(() => import('./pages/payment-result-page')),
  'screens.ldapSync': plainPage(() => import('./pages/ldap-sync-page')),
};
const moreRoutes: RouteObject[] = MANIFEST.flatMap((entry: ManifestEntry) =>
  (entry.more ?? []).map((route) => {
    const page = MORE_PAGES[route.screen];
    return page ? page(route.path) : later(route.path, route.screen);
  }),
);

/** Home: an administrator's dashboard shows its figures and its chart, asked for at once. */
const prefetchDashboard: Prefetch = (account, client) =>
  isAdmin(account.viewer) ? client.prefetchQuery(dashboardQuery(account.viewer, readSelectedOrganization())) : undefined;

const guarded: RouteObject[] = [
  pageRoute(Home, {}, '/', prefetchDashboard),
  editPage('/account', USER, true),
  listPage('/organizations/:organizationName/users', USER, 'organizationName'),
  ...entityRoutes.filter((route) => !UNGUARDED.has(route.path ?? '')),
  ...laterRoutes,
  ...pageRoutes,
  ...moreRoutes,
];

const top = (route: NonIndexRouteObject): NonIndexRouteObject => ({
  ...route,
  element: <Suspense fallback={<PageSpin />}>{route.element}</Suspense>,
});

/** A sign-in page: the browser loads it from the sign-in entry. */
const signinPage = <OtherEntry ours={(path) => !isPublicPagePath(path)} fallback={null} />;

/** Every route of the console. */
const ROUTES: RouteObject[] = [
  ...PUBLIC_PAGE_ROUTES.map((path) => ({ path, element: signinPage })),
  // The public pricing page (no guard, no console frame).
  top(pageRoute(SelectPlanPage, {}, '/select-plan/:owner/:pricingName')),
  {
    element: <ConsoleLayout />,
    // A global admin's header shows the organization picker, whose code loads on its own.
    handle: {
      prefetch: (account) => (isGlobalAdmin(account.viewer) ? OrganizationSelectorCode.preload() : undefined),
    } satisfies RouteHandle,
    children: [
      { element: <Guard />, children: guarded },
      ...entityRoutes.filter((route) => UNGUARDED.has(route.path ?? '')),
      pageRoute(NotFound, {}, '/404'),
      pageRoute(NotFound, {}, '*'),
    ],
  },
];

/**
 * The console's router: a data router, for its navigation blocker (an edit page asks before its
 * unsaved changes are left: crud/leave-guard.ts); no loaders, the pages fetch their own data.
 */
export function createConsoleRouter() {
  return createBrowserRouter(ROUTES);
}

/**
 * Starts loading the code of the page at `pathname` and of the frame around it, all at once: a
 * first load then fetches the layout, the page and its entity's definition side by side instead
 * of one after the other as each renders (a chain of five round trips). Settles when all of it is
 * in (a failure is the page's to show: it loads again when it renders).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.allSettled((matchRoutes(ROUTES, pathname) ?? []).map(({ route }) => preloadHandle(route)));
}

/**
 * Asks for the data the page at `pathname` shows first, now that the account is known; settles
 * when all of it is in (a failure is the page's to show: it asks again when it renders).
 */
export async function prefetchRouteData(pathname: string, account: Account, client: QueryClient): Promise<void> {
  const asked = (matchRoutes(ROUTES, pathname) ?? []).map(({ route }) => {
    const handle: unknown = route.handle;
    return isRouteHandle(handle) ? handle.prefetch?.(account, client) : undefined;
  });
  await Promise.allSettled(asked);
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && ('preload' in value || 'prefetch' in value);
}
