import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Gatehouse server serves the API and the protocol endpoints on the same origin as the
// console; in development the Vite server forwards those paths to it.
const server = 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The console compiles the shared entity definitions from source (no separate build step).
    alias: { '@gatehouse/entities': path.resolve(import.meta.dirname, '../entities/src/index.ts') },
  },
  server: {
    proxy: { '/api': server, '/.well-known': server, '/cas': server, '/files': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries that change rarely get chunks of their own, so a console release does not
        // make browsers download them again. antd stays split per page by its imports.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/.test(id))
            return 'react';
          if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return 'zod';
          if (/[\\/]node_modules[\\/](i18next|react-i18next|@tanstack)[\\/]/.test(id)) return 'data';
          return undefined;
        },
      },
    },
  },
});
