import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

// The Gatehouse server serves the API and the protocol endpoints on the same origin as the
// console; in development the Vite server forwards those paths to it.
const server = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), publicCatalogues(), precompress()],
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
      // antd's helper packages (@rc-component/*, @ant-design/*) do not declare `sideEffects: false`;
      // their modules have none, and saying so lets the bundler drop the ones a page does not use.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/](@rc-component|@ant-design)[\\/].*\.js$/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // Libraries that change rarely get chunks of their own, so a console release does not
            // make browsers download them again.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'data', test: /[\\/]node_modules[\\/](i18next|react-i18next|@tanstack)[\\/]/, priority: 2 },
            // antd's core, what about half of the ~80 lazy chunks import (the theme and its style
            // engine, Button, popups, motion, icons' base ...), in one chunk: every page loads it,
            // and one file compresses better than the dozens of small chunks that splitting by
            // importers makes of it (-15 to -20 kB gzip on the sign-in pages, less on the console's).
            // The rest of antd stays split by the pages' imports.
            {
              name: 'antd-core',
              test: /[\\/]node_modules[\\/](antd|@rc-component|@ant-design)[\\/]/,
              minShareCount: 40,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
