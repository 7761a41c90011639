/**
 * The sign-in pages stay light (npm run check:deps): their entry, packages/web/src/public/main.tsx,
 * must not reach antd, its icon components, TanStack Query, zod, ECharts or CodeMirror, statically
 * or through a lazy import, so that a visitor who only signs in never downloads them (issue 14's
 * 150 kB budget; scripts/check-bundle.mjs measures it). Type-only imports (of the entity types)
 * leave nothing in the build and are not followed here; packages are kept as leaves.
 */
module.exports = {
  forbidden: [
    {
      name: 'signin-pages-stay-light',
      severity: 'error',
      comment:
        'The sign-in pages are built from the plain kit (src/plain): no antd, TanStack Query, zod, ECharts or CodeMirror, even lazily.',
      from: { path: '^packages/web/src/public/main\\.tsx$' },
      to: { path: 'node_modules/(antd|@ant-design/icons/|@tanstack|zod|echarts|@uiw|@codemirror)/', reachable: true },
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
