import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isPublicPagePath } from '../entities/src/public-pages';
import { publicPart } from './src/shared/i18n/public-groups';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at build
 * time; the server sends the copy the browser accepts (@fastify/static preCompressed). Every user
 * then downloads the console at a fraction of its size without the server compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'gatehouse-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const names = [...Object.keys(bundle), 'index.html'].filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        [...new Set(names)].map(async (name) => {
          const file = path.join(dir, name);
          if (!fs.existsSync(file)) return;
          const data = await fs.promises.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** `locales/<lang>.json?public`: the groups of the catalogue the public pages use (src/shared/i18n/public-groups.ts). */
function publicCatalogues(): Plugin {
  return {
    name: 'gatehouse-public-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/]\w+\.json\?public$/.test(id)) return null;
      return { code: `export default ${publicPart(code)};`, map: null, moduleType: 'js' };
    },
  };
}

/**
 * In development, the sign-in pages' paths get signin.html (the server does the same in
 * production, plugins/console.ts); every other page path gets index.html, Vite's own fallback.
 */
function signinPages(): Plugin {
  return {
    name: 'gatehouse-signin-pages',
    apply: 'serve',
    configureServer(dev) {
      dev.middlewares.use((request, _response, next) => {
        const [pathname = '/', query] = (request.url ?? '/').split('?');
        const isPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
        if (isPage && isPublicPagePath(pathname)) request.url = `/signin.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/**
 * The sign-in pages' code in few files, chunked by where it lives (split by the importers of each
 * module, the bundler's default, a sign-in page's first load was about 60 small files, which
 * compress a quarter worse than the same code in one):
 *
 * - `kit`: the shared code (src/shared/) that an application's start loads (`$initial`: imported
 *   statically from an entry), with what it imports (the entity rules it applies, the icons of its
 *   alerts). Both applications load it at their start, so it costs the console nothing;
 * - `icons`: the icons' SVG data that the plain kit (src/shared/plain/) and the sign-in chunk draw
 *   (the password input's eye, the sign-in card's user and lock), which antd's icon components
 *   import too;
 * - `signin`: the sign-in application's boot and the parts several of its pages use: src/signin/
 *   but its entry, its pages/ and the parts it loads on demand (lazy/), which stay split by
 *   importers, one chunk per page.
 *
 * The shared code the console loads only on some pages (the code input, the providers' icons)
 * stays split by importers too. `icons` and `signin` take only the modules they name, not what
 * those import: the console's pages import some of the same modules without them.
 */
const SHARED = /[\\/]packages[\\/]web[\\/]src[\\/]shared[\\/]/;
const SIGNIN = /[\\/]packages[\\/]web[\\/]src[\\/]signin[\\/](?!main\.tsx$|pages[\\/]|lazy[\\/])/;
const PLAIN = /[\\/]packages[\\/]web[\\/]src[\\/]shared[\\/]plain[\\/]/;
const ICON = /[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/]/;

// The Gatehouse server serves the API and the protocol endpoints on the same origin as the
// console; in development the Vite server forwards those paths to it.
const server = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), publicCatalogues(), signinPages(), precompress()],
  resolve: {
    // The console compiles the shared entity definitions from source (no separate build step).
    // `@gatehouse/entities/plain` is the zod-free part the entry and the public pages import.
    alias: [
      { find: /^@gatehouse\/entities\/plain$/, replacement: path.resolve(import.meta.dirname, '../entities/src/plain.ts') },
      { find: /^@gatehouse\/entities$/, replacement: path.resolve(import.meta.dirname, '../entities/src/index.ts') },
    ],
  },
  server: {
    proxy: { '/api': server, '/.well-known': server, '/cas': server, '/files': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which files each entry and lazy page loads (scripts/check-bundle.mjs reads it).
    manifest: true,
    rolldownOptions: {
      // Two applications: the console (index.html) and the sign-in pages (signin.html, without antd).
      input: { index: path.resolve(import.meta.dirname, 'index.html'), signin: path.resolve(import.meta.dirname, 'signin.html') },
      // antd's helper packages (@rc-component/*, @ant-design/*) do not declare `sideEffects: false`;
      // their modules have none, and saying so lets the bundler drop the ones a page does not use.
      // Nor have the shared entity definitions (packages/entities: declarations and pure functions), whose
      // barrels would otherwise bring every module to the sign-in pages.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/[\\/]node_modules[\\/](@rc-component|@ant-design)[\\/].*\.js$/.test(id) &&
          !/[\\/]packages[\\/]entities[\\/]src[\\/].*\.ts$/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // Libraries that change rarely get chunks of their own, so a console release does not
            // make browsers download them again.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 3 },
            // The console's data layer (the sign-in pages load what they need without it).
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 3 },
            // The sign-in pages' code, by path (SHARED, PLAIN, SIGNIN above).
            { name: 'kit', test: SHARED, tags: ['$initial'], priority: 1 },
            {
              name: (id, context) =>
                context.getModuleInfo(id)?.importers.some((importer) => PLAIN.test(importer) || SIGNIN.test(importer))
                  ? 'icons'
                  : null,
              test: ICON,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            { name: 'signin', test: SIGNIN, includeDependenciesRecursively: false, priority: 1 },
            // antd's core, what the console's entry imports (the theme and its style engine,
            // ConfigProvider, App and its messages, Button, popups, motion ...), in one chunk: one
            // file compresses better than the dozens of small chunks that splitting by importers
            // makes of it. The rest of antd stays split by the pages' imports. The icons' SVG data
            // stays out: the sign-in pages draw a few of them without antd.
            {
              name: 'antd-core',
              test: /[\\/]node_modules[\\/](antd|@rc-component|@ant-design[\\/](?!icons-svg[\\/]))/,
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
