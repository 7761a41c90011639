import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. API suites start a real server on a loopback port against a fresh database
 * per suite, on every engine named in GATEHOUSE_TEST_DATABASES (default: sqlite, postgres, mysql).
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@gatehouse\/entities\/plain$/, replacement: path.resolve(import.meta.dirname, 'packages/entities/src/plain.ts') },
      { find: /^@gatehouse\/entities$/, replacement: path.resolve(import.meta.dirname, 'packages/entities/src/index.ts') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}'],
    globalSetup: ['packages/server/src/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files of a worker share its imported modules (the whole server takes 1-2 s of CPU to
    // import, paid once per worker instead of once per file: the unit and API run went from 10 to 6
    // minutes here). Each file still starts servers of its own over databases of its own; none
    // shares state with another through the modules: a server's running state is its context's
    // services (packages/server/src/services.ts), and modules keep none.
    isolate: false,
    // Most of an API suite's time is waiting (databases, slapd, sshd, loopback peers, timers), not
    // computing: on 2 cores, 4 files at once take 9.5 minutes where Vitest's default of one file at a
    // time (cores - 1) takes 17. GATEHOUSE_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.GATEHOUSE_TEST_WORKERS) || 4,
  },
});
