/**
 * The import rules of the code (npm run check:deps, part of npm run lint):
 *
 * - no import cycles, anywhere;
 * - the server's layers depend one way: HTTP routes and protocols -> auth -> domain ->
 *   persistence (db/), with outside services (integrations/) and crypto/ below the domain, jobs/
 *   beside auth (above the domain, below the HTTP edge), and
 *   shared leaves (config, errors, i18n, http/ plumbing, context) anyone may use;
 * - the web package is two applications over a shared layer: src/console (the antd console) and
 *   src/signin (the sign-in pages) import src/shared, never each other, and src/shared imports
 *   neither; inside them the plain kit calls no server, the generic CRUD pages know no entity's
 *   override, the console's components and data calls stay below its pages, and the sign-in pages
 *   and on-demand parts are imported lazily only (their chunks: packages/web/vite.config.ts);
 * - the console's entry and public pages stay free of the entity definitions (zod): only the
 *   plain part of the entities package (checked by the web package's own build split);
 * - the sign-in pages' entry (packages/web/src/signin/main.tsx) reaches neither antd, nor the
 *   console's data layer (TanStack Query), nor zod or ECharts, loaded or lazily, and src/shared and
 *   src/signin import none of them: they stay small (.dependency-cruiser.signin.cjs, a run of its
 *   own that sees the packages and leaves type-only imports out).
 *
 * docs/architecture.md ("Layers") draws the same layers.
 */
const server = 'packages/server/src';
const layer = (folders) => `^${server}/(${folders.join('|')})/`;

/** What each layer must not import: everything above it. */
const upward = [
  {
    name: 'db-is-the-bottom',
    comment: 'Persistence knows no entity rules, callers, protocols or HTTP.',
    from: layer(['db']),
    to: layer(['domain', 'auth', 'routes', 'protocols', 'plugins', 'integrations', 'crypto', 'jobs']),
  },
  {
    name: 'integrations-below-domain',
    comment: 'Outside services take the records they need; they look nothing up and know no callers.',
    from: layer(['integrations', 'crypto']),
    to: layer(['domain', 'auth', 'routes', 'protocols', 'plugins', 'jobs']),
  },
  {
    name: 'domain-below-auth',
    comment: 'The domain is the write path of every caller; it does not know who is calling over HTTP.',
    from: layer(['domain']),
    to: layer(['auth', 'routes', 'protocols', 'plugins', 'jobs']),
  },
  {
    name: 'auth-below-routes',
    comment: 'Authentication and sign-in flows are used by routes and protocols, never the reverse.',
    from: layer(['auth']),
    to: layer(['routes', 'protocols', 'plugins', 'jobs']),
  },
  {
    name: 'jobs-beside-the-edge',
    comment: 'Jobs (webhook deliveries) run the domain on their own schedule; they answer no request and read no caller.',
    from: layer(['jobs']),
    to: layer(['routes', 'protocols', 'plugins', 'auth']),
  },
  {
    name: 'leaves-import-no-layer',
    comment: 'Shared leaves (configuration, errors, messages, HTTP plumbing, the context) stay below every layer.',
    from: `^${server}/(config/|http/|i18n|errors\\.ts|context\\.ts)`,
    to: layer(['domain', 'auth', 'routes', 'protocols', 'plugins', 'integrations', 'jobs']),
  },
  {
    name: 'only-the-app-registers-routes',
    comment: 'Route tables are wired by app.ts; nothing else imports them.',
    from: `^${server}/(?!app\\.ts|routes/|protocols/[^/]+/routes\\.ts)`,
    to: `^${server}/(routes/|protocols/[^/]+/routes\\.ts)`,
  },
];

const web = 'packages/web/src';
const NOT_A_TEST = '\\.test\\.tsx?$';

/** The web package's layers (tests may cross them: a rule's test may use a sign-in model). */
const webLayers = [
  {
    name: 'web-signin-not-console',
    comment: 'The sign-in pages are an application of their own: they use src/shared, never the antd console.',
    from: `^${web}/signin/`,
    to: { path: `^${web}/console/` },
  },
  {
    name: 'web-console-not-signin',
    comment:
      'The console sends a sign-in path to the other entry with a full page load (shared/components/other-entry.tsx); it imports no sign-in code.',
    from: `^${web}/console/`,
    to: { path: `^${web}/signin/` },
  },
  {
    name: 'web-shared-below-the-apps',
    comment: 'src/shared is what both applications use: it imports neither of them.',
    from: `^${web}/shared/`,
    to: { path: `^${web}/(console|signin)/` },
  },
  {
    name: 'web-plain-kit-calls-no-server',
    comment:
      'The plain kit (src/shared/plain) is presentation: it may use the texts, not the data clients, the account or shared parts.',
    from: `^${web}/shared/plain/`,
    to: { path: `^${web}/shared/(?!plain/|i18n/)` },
  },
  {
    name: 'web-entries-on-top',
    comment:
      "An application's boot and route table (the files at the root of src/console, src/signin) are imported by nothing below them.",
    from: `^${web}/(console|signin)/[^/]+/`,
    to: { path: `^${web}/(console|signin)/[^/]+$` },
  },
  {
    name: 'web-crud-is-generic',
    comment: "The generic list and edit pages know no entity's override, only the override types (console/entities/ui-types.ts).",
    from: `^${web}/console/crud/`,
    to: { path: `^${web}/console/entities/`, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'web-console-leaves',
    comment: "The console's shared components and its data calls sit below its shell, CRUD pages, entity overrides and pages.",
    from: `^${web}/console/(components|data)/`,
    to: { path: `^${web}/console/(?!components/|data/)` },
  },
  {
    name: 'web-signin-pages-load-lazily',
    comment: 'A sign-in page is its own chunk: only a lazy import reaches it (the route table), or its own page.',
    from: `^${web}/signin/(?!pages/)`,
    to: { path: `^${web}/signin/pages/`, dynamic: false, dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'web-signin-lazy-parts-load-lazily',
    comment: 'src/signin/lazy/ holds the parts loaded on demand; a static import would put one into every first load.',
    from: `^${web}/signin/(?!lazy/)`,
    to: { path: `^${web}/signin/lazy/`, dynamic: false, dependencyTypesNot: ['type-only'] },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: each module should be readable on its own.',
      from: {},
      to: { circular: true },
    },
    ...upward.map(({ name, comment, from, to }) => ({
      name,
      comment,
      severity: 'error',
      from: { path: from, pathNot: '\\.test\\.tsx?$|/test-support/' },
      to: { path: to },
    })),
    ...webLayers.map(({ name, comment, from, to }) => ({
      name,
      comment,
      severity: 'error',
      from: { path: from, pathNot: NOT_A_TEST },
      to,
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.tests.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'], conditionNames: ['import', 'types', 'default'] },
  },
};
