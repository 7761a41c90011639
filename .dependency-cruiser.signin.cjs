/**
 * The sign-in pages stay light (npm run check:deps, run over packages/web/src/signin and
 * packages/web/src/shared): their entry, packages/web/src/signin/main.tsx, must not reach antd, its
 * icon components, TanStack Query, zod, ECharts or CodeMirror, statically or through a lazy import,
 * so that a visitor who only signs in never downloads them (issue 14's 150 kB budget;
 * scripts/check-bundle.mjs measures it); and no module of src/signin or src/shared imports them,
 * even one the sign-in pages do not load today (src/shared is what the console shares with them).
 * Type-only imports (of the entity types) leave nothing in the build and are not followed here;
 * packages are kept as leaves.
 */
const HEAVY = 'node_modules/(antd|@ant-design/icons/|@tanstack|zod|echarts|@uiw|@codemirror)/';

module.exports = {
  forbidden: [
    {
      name: 'signin-pages-stay-light',
      severity: 'error',
      comment:
        'The sign-in pages are built from the plain kit (src/shared/plain): no antd, TanStack Query, zod, ECharts or CodeMirror, even lazily.',
      from: { path: '^packages/web/src/signin/main\\.tsx$' },
      to: { path: HEAVY, reachable: true },
    },
    {
      name: 'signin-and-shared-import-no-antd',
      severity: 'error',
      comment:
        "src/signin and src/shared are plain: antd, its icon components, TanStack Query, zod, ECharts and CodeMirror are the console's (src/console).",
      from: { path: '^packages/web/src/(signin|shared)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: HEAVY },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test-results|playwright-report)/' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.tests.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'], conditionNames: ['import', 'types', 'default'] },
  },
};
