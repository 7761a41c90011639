import type { AccessRule } from './access.js';

/**
 * Every screen of the console's route table, entity or page, declared once: its menu group and
 * place, its routes, who may open its list, and whether this release implements it. The console's
 * registry, menu and routes (placeholders included) and the definitions' wire names come from here;
 * an entity's definition (defineEntity) adds its fields and rules. Plain data: the console's entry
 * reads it without the definitions.
 */

/** Menu groups, in order; `home` and `admin` are for administrators. */
export const NAV_GROUPS = [
  { key: 'home', label: 'nav.home' },
  { key: 'user-management', label: 'nav.userManagement' },
  { key: 'identity', label: 'nav.identity' },
  { key: 'authorization', label: 'nav.authorization' },
  { key: 'logging', label: 'nav.logging' },
  { key: 'business', label: 'nav.business' },
  { key: 'admin', label: 'nav.admin' },
] as const;
export type NavGroupKey = (typeof NAV_GROUPS)[number]['key'];

/** A console route that a later release implements ("not available yet" until then). */
export interface LaterRoute {
  path: string;
  /** i18n key of the screen's name. */
  screen: string;
}

export interface ManifestEntry {
  /** The entity's singular wire name (get-{name}, add-{name} ...) or the page's name. */
  name: string;
  /** The entity's plural wire name (get-{plural}); its menu label is nav.<plural>. */
  plural: string;
  /** Its menu group; none for screens reached from another page (LDAP servers). */
  group?: NavGroupKey;
  /** Who sees the menu entry and may open the list (an entity's access.list). */
  list: AccessRule;
  /** The list (or page) route and the edit route, when there is one. */
  routes: { list?: string; edit?: string };
  /** Further routes of the screen that are not implemented yet. */
  later?: readonly LaterRoute[];
  /** Further routes of the screen this release implements (pages of the console's, by screen key). */
  more?: readonly LaterRoute[];
  /** Whether this release implements it (an entity: it has a definition in ENTITIES). */
  implemented: boolean;
  /** A page, not an entity: no definition and no wire calls of its own. */
  page?: true;
  /** Opens outside the console (in a new tab). */
  external?: true;
}

export const MANIFEST = [
  // Home (administrators; others are sent to /apps)
  {
    name: 'dashboard',
    plural: 'dashboard',
    page: true,
    group: 'home',
    list: 'orgAdmin',
    routes: { list: '/' },
    implemented: true,
  },
  {
    name: 'shortcuts',
    plural: 'shortcuts',
    page: true,
    group: 'home',
    list: 'orgAdmin',
    routes: { list: '/shortcuts' },
    implemented: true,
  },
  { name: 'apps', plural: 'apps', page: true, group: 'home', list: 'orgAdmin', routes: { list: '/apps' }, implemented: true },
  // User management
  {
    name: 'organization',
    plural: 'organizations',
    group: 'user-management',
    list: 'member',
    routes: { list: '/organizations', edit: '/organizations/:name' },
    implemented: true,
  },
  {
    name: 'group',
    plural: 'groups',
    group: 'user-management',
    list: 'orgAdmin',
    routes: { list: '/groups', edit: '/groups/:owner/:name' },
    more: [
      { path: '/trees/:organizationName', screen: 'screens.groupTree' },
      { path: '/trees/:organizationName/:groupName', screen: 'screens.groupTree' },
    ],
    implemented: true,
  },
  {
    name: 'user',
    plural: 'users',
    group: 'user-management',
    list: 'orgAdmin',
    routes: { list: '/users', edit: '/users/:owner/:name' },
    more: [{ path: '/mfa/setup', screen: 'screens.mfaSetup' }],
    implemented: true,
  },
  {
    name: 'invitation',
    plural: 'invitations',
    group: 'user-management',
    list: 'orgAdmin',
    routes: { list: '/invitations', edit: '/invitations/:owner/:name' },
    implemented: true,
  },
  // Identity
  {
    name: 'application',
    plural: 'applications',
    group: 'identity',
    list: 'orgAdmin',
    routes: { list: '/applications', edit: '/applications/:organization/:name' },
    implemented: true,
  },
  {
    name: 'provider',
    plural: 'providers',
    group: 'identity',
    list: 'orgAdmin',
    routes: { list: '/providers', edit: '/providers/:owner/:name' },
    implemented: true,
  },
  {
    name: 'resource',
    plural: 'resources',
    group: 'identity',
    list: 'member',
    routes: { list: '/resources', edit: '/resources/:owner/:name' },
    implemented: true,
  },
  {
    name: 'cert',
    plural: 'certs',
    group: 'identity',
    list: 'orgAdmin',
    routes: { list: '/certs', edit: '/certs/:owner/:name' },
    implemented: true,
  },
  // Authorization
  {
    name: 'role',
    plural: 'roles',
    group: 'authorization',
    list: 'orgAdmin',
    routes: { list: '/roles', edit: '/roles/:owner/:name' },
    implemented: true,
  },
  {
    name: 'permission',
    plural: 'permissions',
    group: 'authorization',
    // Members list the permissions they submitted.
    list: 'member',
    routes: { list: '/permissions', edit: '/permissions/:owner/:name' },
    implemented: true,
  },
  {
    name: 'model',
    plural: 'models',
    group: 'authorization',
    list: 'globalAdmin',
    routes: { list: '/models', edit: '/models/:owner/:name' },
    implemented: true,
  },
  {
    name: 'adapter',
    plural: 'adapters',
    group: 'authorization',
    list: 'globalAdmin',
    routes: { list: '/adapters', edit: '/adapters/:owner/:name' },
    implemented: true,
  },
  {
    name: 'enforcer',
    plural: 'enforcers',
    group: 'authorization',
    list: 'globalAdmin',
    routes: { list: '/enforcers', edit: '/enforcers/:owner/:name' },
    implemented: true,
  },
  // Logging & auditing
  { name: 'session', plural: 'sessions', group: 'logging', list: 'orgAdmin', routes: { list: '/sessions' }, implemented: true },
  { name: 'record', plural: 'records', group: 'logging', list: 'orgAdmin', routes: { list: '/records' }, implemented: true },
  {
    name: 'token',
    plural: 'tokens',
    group: 'logging',
    list: 'orgAdmin',
    routes: { list: '/tokens', edit: '/tokens/:name' },
    implemented: true,
  },
  {
    name: 'verification',
    plural: 'verifications',
    group: 'logging',
    list: 'orgAdmin',
    routes: { list: '/verifications' },
    implemented: true,
  },
  // Business & payments
  {
    name: 'product',
    plural: 'products',
    group: 'business',
    list: 'orgAdmin',
    routes: { list: '/products', edit: '/products/:owner/:name' },
    more: [{ path: '/products/:owner/:name/buy', screen: 'screens.productBuy' }],
    implemented: true,
  },
  {
    name: 'payment',
    plural: 'payments',
    group: 'business',
    list: 'orgAdmin',
    routes: { list: '/payments', edit: '/payments/:owner/:name' },
    more: [{ path: '/payments/:owner/:name/result', screen: 'screens.paymentResult' }],
    implemented: true,
  },
  {
    name: 'plan',
    plural: 'plans',
    group: 'business',
    list: 'orgAdmin',
    routes: { list: '/plans', edit: '/plans/:owner/:name' },
    implemented: true,
  },
  {
    name: 'pricing',
    plural: 'pricings',
    group: 'business',
    list: 'orgAdmin',
    routes: { list: '/pricings', edit: '/pricings/:owner/:name' },
    implemented: true,
  },
  {
    name: 'subscription',
    plural: 'subscriptions',
    group: 'business',
    list: 'orgAdmin',
    routes: { list: '/subscriptions', edit: '/subscriptions/:owner/:name' },
    implemented: true,
  },
  {
    name: 'transaction',
    plural: 'transactions',
    group: 'business',
    list: 'orgAdmin',
    routes: { list: '/transactions', edit: '/transactions/:owner/:name' },
    implemented: true,
  },
  // Admin
  {
    name: 'sysinfo',
    plural: 'sysinfo',
    page: true,
    group: 'admin',
    list: 'globalAdmin',
    routes: { list: '/sysinfo' },
    implemented: true,
  },
  {
    name: 'syncer',
    plural: 'syncers',
    group: 'admin',
    list: 'orgAdmin',
    // /syncers/{syncerName}: the owner is always admin, so the name alone identifies it.
    routes: { list: '/syncers', edit: '/syncers/:name' },
    implemented: true,
  },
  {
    name: 'webhook',
    plural: 'webhooks',
    group: 'admin',
    list: 'orgAdmin',
    routes: { list: '/webhooks', edit: '/webhooks/:name' },
    implemented: true,
  },
  {
    name: 'apiDocs',
    plural: 'apiDocs',
    page: true,
    group: 'admin',
    list: 'globalAdmin',
    routes: { list: '/swagger' },
    implemented: false,
    external: true,
  },
  // Reached from the organization page
  {
    name: 'ldap',
    plural: 'ldaps',
    list: 'orgAdmin',
    routes: { edit: '/ldap/:organizationName/:ldapId' },
    more: [{ path: '/ldap/sync/:organizationName/:ldapId', screen: 'screens.ldapSync' }],
    implemented: true,
  },
] as const satisfies readonly ManifestEntry[];

export type ManifestName = (typeof MANIFEST)[number]['name'];
/** Entities (not pages) of the manifest. */
export type ManifestEntityName = Exclude<(typeof MANIFEST)[number], { page: true }>['name'];

/** The manifest entry of `name`. */
export function manifestOf(name: ManifestName): ManifestEntry {
  const entry: ManifestEntry | undefined = MANIFEST.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`${name} is not in the manifest`);
  return entry;
}
