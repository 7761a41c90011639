import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isPublicPagePath } from '../entities/src/public-pages';
import { publicPart } from './src/i18n/public-groups';

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

/** `locales/<lang>.json?public`: the groups of the catalogue the public pages use (src/i18n/public-groups.ts). */
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
 * The sign-in pages' code in few files: split by the importers of each module (the bundler's
 * default), a sign-in page's first load was about 60 small files, which compress a quarter worse
 * than the same code in one. Computed once the module graph is known, from the modules a sign-in
 * page's first render needs (what the sign-in entry imports, and what at least two sign-in pages
 * import; libraries have groups of their own): those the console never loads (`own`, the `signin`
 * chunk) and those the console loads at its start anyway (`shared`, the `kit` chunk, which costs
 * the console nothing). The rest, which the console loads only on some pages (the code input, the
 * providers' icons), stays split by importers.
 */
const signinChunks = { own: new Set<string>(), shared: new Set<string>() };
function groupSigninModules(): Plugin {
  return {
    name: 'gatehouse-signin-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (start: string[], lazy: boolean) => {
        const seen = new Set<string>();
        const stack = [...start];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const module = info(id);
          if (!module) continue;
          // Not into the entity definitions: their barrels name every module, used or not.
          const next = [...module.importedIds, ...(lazy ? module.dynamicallyImportedIds : [])];
          stack.push(...next.filter((imported) => !ENTITIES.test(imported)));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const entry = (name: string) => ids.find((id) => id.endsWith(name));
      const signinEntry = entry('/src/public/main.tsx');
      const consoleEntry = entry('/src/main.tsx');
      const routes = entry('/src/public/routes.tsx');
      if (!signinEntry || !consoleEntry || !routes) return;
      const pages = info(routes)?.dynamicallyImportedIds ?? [];
      const uses = new Map<string, number>();
      for (const page of pages) for (const id of closure([page], false)) uses.set(id, (uses.get(id) ?? 0) + 1);
      const firstRender = new Set([...closure([signinEntry], false), ...[...uses].filter(([, n]) => n >= 2).map(([id]) => id)]);
      // What the console loads at start (its entry and its layout), and anything it may load.
      const layout = entry('/src/shell/layout.tsx');
      const consoleStart = closure([consoleEntry, ...(layout ? [layout] : [])], false);
      const consoleAny = closure([consoleEntry], true);
      for (const id of firstRender) {
        if (!APP_MODULE.test(id) || id === signinEntry || pages.includes(id)) continue;
        if (!consoleAny.has(id)) signinChunks.own.add(id);
        else if (consoleStart.has(id)) signinChunks.shared.add(id);
      }
    },
  };
}
const APP_MODULE = /([\\/]packages[\\/]web[\\/]src[\\/].*\.(tsx?|css)|[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/].*\.js)$/;
const ENTITIES = /[\\/]packages[\\/]entities[\\/]/;

// The Gatehouse server serves the API and the protocol endpoints on the same origin as the
// console; in development the Vite server forwards those paths to it.
const server = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), publicCatalogues(), signinPages(), groupSigninModules(), precompress()],
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
            // The sign-in pages' code (groupSigninModules): only the modules named, not what they import.
            {
              name: 'kit',
              test: (id: string) => signinChunks.shared.has(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              name: 'signin',
              test: (id: string) => signinChunks.own.has(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
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
