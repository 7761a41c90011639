#!/usr/bin/env node
/**
 * The console's weight budgets (issue 14): what a first load of each route group fetches, gzip
 * compressed, from the Vite manifest of the build (packages/web/dist/.vite/manifest.json). The
 * build has two entries: signin.html (the sign-in pages, without antd) and index.html (the
 * console). A route's first load is its entry's HTML, the entry chunk with its static imports and
 * CSS, and the route's lazy chunks with theirs. Prints one table and exits 1 when a group is over
 * its ceiling or names a module the build no longer has. The browser test
 * e2e/tests/bundle-weight.spec.ts measures the same pages' bytes on the wire in Chromium.
 *
 *   node scripts/check-bundle.mjs [path/to/dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const KB = 1000;
/** Issue 14's targets: the public pages' first load, and the console's. */
export const SIGN_IN_TARGET = 150 * KB;
export const CONSOLE_TARGET = 350 * KB;

/** The texts a first load fetches: the sign-in pages' part of the catalogue, or the whole one. */
const publicTexts = ['src/shared/i18n/locales/en.json?public'];
const consoleTexts = ['src/shared/i18n/locales/en.json'];
/**
 * The console's first load: the entry (which holds the layout and its guard), the catalogue, and
 * the page behind the sign-in; a global admin's header also loads the organization picker right
 * away (the plain kit's combobox and its server search).
 */
const consoleShell = [...consoleTexts, 'src/console/shell/organization-selector.tsx'];
/** An entity's list page: the generic list, the entity's definitions and its overrides. */
const entityList = (name) => [
  ...consoleShell,
  'src/console/crud/entity-list-page.tsx',
  'src/console/entities/definitions.ts',
  `src/console/entities/${name}.ui.tsx`,
];
const signIn = (page) => [...publicTexts, `src/signin/pages/${page}.tsx`];
const SIGNIN = 'signin.html';
const CONSOLE = 'index.html';

/**
 * Route groups: the lazy modules (manifest keys, relative to packages/web) a first render loads;
 * `target` is the budget and `ceiling` what CI enforces: the target where it is met, else
 * the size measured when the check was written plus a little, so that the weight only goes down.
 */
export const ROUTE_GROUPS = [
  { route: '/login', entry: SIGNIN, target: SIGN_IN_TARGET, modules: signIn('login-page') },
  { route: '/signup/:application', entry: SIGNIN, target: SIGN_IN_TARGET, modules: signIn('signup-page') },
  { route: '/login/oauth/authorize', entry: SIGNIN, target: SIGN_IN_TARGET, modules: signIn('oauth-authorize-page') },
  { route: '/forget', entry: SIGNIN, target: SIGN_IN_TARGET, modules: signIn('forget-page') },
  { route: '/cas/:owner/:app/login', entry: SIGNIN, target: SIGN_IN_TARGET, modules: signIn('cas-login-page') },
  { route: '/login/saml/authorize', entry: SIGNIN, target: SIGN_IN_TARGET, modules: signIn('saml-authorize-page') },
  {
    route: '/ (dashboard)',
    entry: CONSOLE,
    target: CONSOLE_TARGET,
    // Home holds the dashboard's cards; the chart loads after them.
    modules: [...consoleShell, 'src/console/pages/home.tsx'],
  },
  { route: '/apps', entry: CONSOLE, target: CONSOLE_TARGET, modules: [...consoleShell, 'src/console/pages/apps-page.tsx'] },
  { route: '/organizations', entry: CONSOLE, target: CONSOLE_TARGET, ceiling: 470 * KB, modules: entityList('organization') },
  { route: '/users', entry: CONSOLE, target: CONSOLE_TARGET, ceiling: 473 * KB, modules: entityList('user') },
];

/**
 * The build files a first load of `modules` through `entry` fetches: the entry's HTML and chunk and
 * every module's chunk, each with its static imports (transitively) and CSS. Throws on an unknown key.
 */
export function firstLoadFiles(manifest, entry, modules) {
  const files = new Set([entry]);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no chunk ${key}`);
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const module of modules) visit(chunkKey(manifest, module));
  return [...files].sort();
}

/**
 * The manifest key of a source module: itself when it is an entry or a lazy chunk, else the
 * shared chunk named after it (a module that is also imported statically has no key of its own).
 */
export function chunkKey(manifest, module) {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[^.]+$/, '');
  const shared = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key].name === name);
  if (shared.length === 1) return shared[0];
  throw new Error(`the build has no module ${module} (renamed? update ROUTE_GROUPS in scripts/check-bundle.mjs)`);
}

/** Gzip size of a built file (level 9, as the build's precompressed copies). */
export function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Each route group's size beside its ceiling and target. */
export function measure(distDir, manifest, groups = ROUTE_GROUPS, sizeOf = gzipSize) {
  return groups.map(({ route, entry, target, ceiling = target, modules }) => {
    const files = firstLoadFiles(manifest, entry, modules);
    const bytes = files.reduce((sum, file) => sum + sizeOf(path.join(distDir, file)), 0);
    return { route, bytes, target, ceiling, files: files.length, over: bytes > ceiling, met: bytes <= target };
  });
}

export function formatTable(rows) {
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
  const status = (row) => (row.over ? 'OVER CEILING' : row.met ? 'ok' : 'ok, target not met');
  const lines = [['route group', 'files', 'gzip', 'ceiling', 'target', '']].concat(
    rows.map((row) => [row.route, String(row.files), kb(row.bytes), kb(row.ceiling), kb(row.target), status(row)]),
  );
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  return lines
    .map((line) =>
      line
        .map((cell, column) => (column === 0 || column === 5 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join('  '),
    )
    .join('\n');
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = path.resolve(process.argv[2] ?? path.join(here, '../packages/web/dist'));
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`check-bundle: ${manifestFile} is missing; run npm run build first`);
    return 1;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  let rows;
  try {
    rows = measure(distDir, manifest);
  } catch (error) {
    console.error(`check-bundle: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  console.log(`First load per route group (gzip, from ${path.relative(process.cwd(), manifestFile)}):\n`);
  console.log(formatTable(rows));
  const over = rows.filter((row) => row.over);
  if (over.length > 0) {
    console.error(`\ncheck-bundle: over the ceiling: ${over.map((row) => row.route).join(', ')}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
