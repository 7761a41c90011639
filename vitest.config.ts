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
    setupFiles: ['packages/server/src/test-support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of an API suite's time is waiting (databases, slapd, sshd, loopback peers, timers), not
    // computing: on 2 cores, 4 files at once take 9.5 minutes where Vitest's default of one file at a
    // time (cores - 1) takes 17. GATEHOUSE_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.GATEHOUSE_TEST_WORKERS) || 4,
  },
});
