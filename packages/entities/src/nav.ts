/**
 * The console menu as a tree of keys. An organization's navItems lists the keys its members may
 * see ('all' = everything); children are console routes.
 */
export interface NavGroup {
  key: string;
  /** i18n key of the group title. */
  label: string;
  children: { key: string; label: string }[];
}

export const NAV_TREE: NavGroup[] = [
  {
    key: 'home',
    label: 'nav.home',
    children: [
      { key: '/', label: 'nav.dashboard' },
      { key: '/shortcuts', label: 'nav.shortcuts' },
      { key: '/apps', label: 'nav.apps' },
    ],
  },
  {
    key: 'user-management',
    label: 'nav.userManagement',
    children: [
      { key: '/organizations', label: 'nav.organizations' },
      { key: '/groups', label: 'nav.groups' },
      { key: '/users', label: 'nav.users' },
      { key: '/invitations', label: 'nav.invitations' },
    ],
  },
  {
    key: 'identity',
    label: 'nav.identity',
    children: [
      { key: '/applications', label: 'nav.applications' },
      { key: '/providers', label: 'nav.providers' },
      { key: '/resources', label: 'nav.resources' },
      { key: '/certs', label: 'nav.certs' },
    ],
  },
  {
    key: 'authorization',
    label: 'nav.authorization',
    children: [
      { key: '/roles', label: 'nav.roles' },
      { key: '/permissions', label: 'nav.permissions' },
      { key: '/models', label: 'nav.models' },
      { key: '/adapters', label: 'nav.adapters' },
      { key: '/enforcers', label: 'nav.enforcers' },
    ],
  },
  {
    key: 'logging',
    label: 'nav.logging',
    children: [
      { key: '/sessions', label: 'nav.sessions' },
      { key: '/records', label: 'nav.records' },
      { key: '/tokens', label: 'nav.tokens' },
      { key: '/verifications', label: 'nav.verifications' },
    ],
  },
  {
    key: 'business',
    label: 'nav.business',
    children: [
      { key: '/products', label: 'nav.products' },
      { key: '/payments', label: 'nav.payments' },
      { key: '/plans', label: 'nav.plans' },
      { key: '/pricings', label: 'nav.pricings' },
      { key: '/subscriptions', label: 'nav.subscriptions' },
      { key: '/transactions', label: 'nav.transactions' },
    ],
  },
  {
    key: 'admin',
    label: 'nav.admin',
    children: [
      { key: '/sysinfo', label: 'nav.sysinfo' },
      { key: '/syncers', label: 'nav.syncers' },
      { key: '/webhooks', label: 'nav.webhooks' },
      { key: '/swagger', label: 'nav.apiDocs' },
    ],
  },
];

/** Every key of the tree, for validating navItems. */
export const NAV_KEYS: string[] = ['all', ...NAV_TREE.flatMap((g) => [g.key, ...g.children.map((c) => c.key)])];

/** Header widgets an organization may enable through widgetItems. */
export const WIDGET_KEYS = ['all', 'theme', 'language', 'ai-assistant', 'tour'] as const;
