/**
 * The import rules of the code (npm run check:deps, part of npm run lint):
 *
 * - no import cycles, anywhere;
 * - the server's layers depend one way: HTTP routes and protocols -> auth -> domain ->
 *   persistence (db/), with outside services (integrations/) and crypto/ below the domain, jobs/
 *   beside auth (above the domain, below the HTTP edge), and
 *   shared leaves (config, errors, i18n, http/ plumbing, context) anyone may use;
 * - the console's entry and public pages stay free of the entity definitions (zod): only the
 *   plain part of the entities package (checked by the web package's own build split);
 * - the sign-in pages' entry (packages/web/src/public/main.tsx) reaches neither antd, nor the
 *   console's data layer (TanStack Query), nor zod or ECharts, loaded or lazily: it stays small
 *   (.dependency-cruiser.signin.cjs, a run of its own that leaves type-only imports out).
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.tests.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'], conditionNames: ['import', 'types', 'default'] },
  },
};
