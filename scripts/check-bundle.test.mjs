// node --test scripts/check-bundle.test.mjs: the first-load arithmetic of check-bundle.mjs on a tiny manifest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkKey, firstLoadFiles, formatTable, measure } from './check-bundle.mjs';

/**
 * Two entries: signin.html's imports react and the login page; index.html's imports react and antd.
 * The login page imports the form chunk; the console page is elsewhere.
 */
const MANIFEST = {
  'signin.html': { file: 'assets/signin.js', isEntry: true, imports: ['_react.js'], css: ['assets/signin.css'] },
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_antd.js'], css: ['assets/index.css'] },
  '_antd.js': { file: 'assets/antd.js', name: 'antd' },
  '_react.js': { file: 'assets/react.js', name: 'react' },
  '_form.js': { file: 'assets/form.js', name: 'form', imports: ['_react.js'], css: ['assets/form.css'] },
  '_definitions.js': { file: 'assets/definitions.js', name: 'definitions' },
  'src/signin/pages/login-page.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_form.js'] },
  'src/console/pages/users.tsx': { file: 'assets/users.js', isDynamicEntry: true, imports: ['_definitions.js'] },
};

test('a first load is the HTML of its entry, the entry with its imports and CSS, and the page with its own', () => {
  assert.deepEqual(firstLoadFiles(MANIFEST, 'signin.html', ['src/signin/pages/login-page.tsx']), [
    'assets/form.css',
    'assets/form.js',
    'assets/login.js',
    'assets/react.js',
    'assets/signin.css',
    'assets/signin.js',
    'signin.html',
  ]);
  assert.deepEqual(firstLoadFiles(MANIFEST, 'index.html', ['src/console/pages/users.tsx']), [
    'assets/antd.js',
    'assets/definitions.js',
    'assets/index.css',
    'assets/index.js',
    'assets/react.js',
    'assets/users.js',
    'index.html',
  ]);
});

test('a module without a key of its own is found as the shared chunk named after it', () => {
  assert.equal(chunkKey(MANIFEST, 'src/console/entities/definitions.ts'), '_definitions.js');
  assert.throws(() => chunkKey(MANIFEST, 'src/console/pages/gone.tsx'), /no module src\/console\/pages\/gone\.tsx/);
});

test('a group over its ceiling fails, one over its target only is reported', () => {
  const size = () => 100;
  const groups = [
    { route: '/login', entry: 'signin.html', target: 500, ceiling: 800, modules: ['src/signin/pages/login-page.tsx'] },
    { route: '/users', entry: 'index.html', target: 700, ceiling: 900, modules: ['src/console/pages/users.tsx'] },
    { route: '/tight', entry: 'index.html', target: 400, modules: ['src/console/pages/users.tsx'] },
  ];
  const rows = measure('/dist', MANIFEST, groups, size);
  assert.deepEqual(
    rows.map(({ route, bytes, over, met }) => ({ route, bytes, over, met })),
    [
      { route: '/login', bytes: 700, over: false, met: false },
      { route: '/users', bytes: 700, over: false, met: true },
      // Without a ceiling the target is the ceiling.
      { route: '/tight', bytes: 700, over: true, met: false },
    ],
  );
  const table = formatTable(rows);
  assert.match(table, /\/login\s+7\s+0\.7 kB\s+0\.8 kB\s+0\.5 kB\s+ok, target not met/);
  assert.match(table, /\/users\s+7\s+0\.7 kB\s+0\.9 kB\s+0\.7 kB\s+ok/);
  assert.match(table, /\/tight\s+7\s+0\.7 kB\s+0\.4 kB\s+0\.4 kB\s+OVER CEILING/);
});
