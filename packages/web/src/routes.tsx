import { isPublicPagePath, MANIFEST, type ManifestEntry, PUBLIC_PAGE_ROUTES } from '@gatehouse/entities/plain';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { OtherEntry } from './components/other-entry';
import { PageSpin } from './components/page-spin';
import { type EntityPageKind, type EntityRegistration, loadEntityUi, REGISTRY } from './entities/registry';
import type { EntityUi } from './entities/ui-types';
import { loadConsoleCatalogue } from './i18n/i18n';
import { Guard } from './shell/guard';

// Every page is its own chunk. The sign-in pages are another entry's (signin.html, src/public);
// the layout comes with the console's whole catalogue.
const ConsoleLayout = lazy(async () => (await Promise.all([import('./shell/layout'), loadConsoleCatalogue()]))[0]);
const Home = lazy(() => import('./pages/home'));
const NotFound = lazy(() => import('./pages/not-found'));
const NotAvailable = lazy(() => import('./pages/not-available'));

/** A list or edit page of an entity, with the entity's overrides loaded alongside. */
function entityPage<P extends object>(
  registration: EntityRegistration,
  kind: EntityPageKind,
  page: () => Promise<{ default: ComponentType<P & { ui: EntityUi }> }>,
  props: P,
): ReactNode {
  const Page = lazy(async () => {
    const [{ default: Component }, ui] = await Promise.all([page(), loadEntityUi(registration, kind)]);
    return { default: () => <Component ui={ui} {...props} /> };
  });
  return <Page />;
}

const listPage = (registration: EntityRegistration, organizationParam?: string) =>
  entityPage(registration, 'list', () => import('./crud/entity-list-page'), { organizationParam });
const editPage = (registration: EntityRegistration, self = false) =>
  entityPage(registration, 'edit', () => import('./crud/entity-edit-page'), { self });

const later = (path: string, screen: string): RouteObject => ({ path, element: <NotAvailable screen={screen} /> });

const USER = REGISTRY.user as EntityRegistration;
/** Edit routes the spec leaves outside the guard (a user page may be opened signed out). */
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
    ...(list ? [{ path: list, element: listPage(registration) }] : []),
    // An entity without edit pages (verifications) has its list only.
    ...(edit ? [{ path: edit, element: editPage(registration) }] : []),
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

const ShortcutsPage = lazy(() => import('./pages/shortcuts-page'));
const AppsPage = lazy(() => import('./pages/apps-page'));
const SysinfoPage = lazy(() => import('./pages/sysinfo-page'));

/** Pages of the menu this release implements, by the manifest's name (the dashboard is Home's). */
const PAGES: Record<string, ReactNode> = { shortcuts: <ShortcutsPage />, apps: <AppsPage />, sysinfo: <SysinfoPage /> };
const pageRoutes: RouteObject[] = MANIFEST.flatMap((entry: ManifestEntry) => {
  const element = entry.page && entry.implemented && entry.routes.list !== '/' ? PAGES[entry.name] : undefined;
  return element && entry.routes.list ? [{ path: entry.routes.list, element }] : [];
});

const groupTreePage = () => entityPage(USER, 'list', () => import('./pages/group-tree-page'), {});
const MfaSetupPage = lazy(() => import('./pages/mfa-setup-page'));
const ProductBuyPage = lazy(() => import('./pages/product-buy-page'));
const PaymentResultPage = lazy(() => import('./pages/payment-result-page'));
const SelectPlanPage = lazy(() => import('./pages/select-plan-page'));
const LdapSyncPage = lazy(() => import('./pages/ldap-sync-page'));

/** Further routes this release implements, by the manifest's screen key. */
const MORE_PAGES: Record<string, () => ReactNode> = {
  'screens.groupTree': groupTreePage,
  'screens.mfaSetup': () => <MfaSetupPage />,
  'screens.productBuy': () => <ProductBuyPage />,
  'screens.paymentResult': () => <PaymentResultPage />,
  'screens.ldapSync': () => <LdapSyncPage />,
};
const moreRoutes: RouteObject[] = MANIFEST.flatMap((entry: ManifestEntry) =>
  (entry.more ?? []).map((route) => {
    const page = MORE_PAGES[route.screen];
    return page ? { path: route.path, element: page() } : later(route.path, route.screen);
  }),
);

const guarded: RouteObject[] = [
  { path: '/', element: <Home /> },
  { path: '/account', element: editPage(USER, true) },
  { path: '/organizations/:organizationName/users', element: listPage(USER, 'organizationName') },
  ...entityRoutes.filter((route) => !UNGUARDED.has(route.path ?? '')),
  ...laterRoutes,
  ...pageRoutes,
  ...moreRoutes,
];

const top = (element: ReactNode) => <Suspense fallback={<PageSpin />}>{element}</Suspense>;

/** A sign-in page: the browser loads it from the sign-in entry. */
const signinPage = <OtherEntry ours={(path) => !isPublicPagePath(path)} fallback={null} />;

/** Every route of the console; the declarative router (no data APIs) keeps the entry small. */
const ROUTES: RouteObject[] = [
  ...PUBLIC_PAGE_ROUTES.map((path) => ({ path, element: signinPage })),
  // The public pricing page (no guard, no console frame).
  { path: '/select-plan/:owner/:pricingName', element: top(<SelectPlanPage />) },
  {
    element: top(<ConsoleLayout />),
    children: [
      { element: <Guard />, children: guarded },
      ...entityRoutes.filter((route) => UNGUARDED.has(route.path ?? '')),
      { path: '/404', element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
