import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: the built product (server + console) on a loopback port with a fresh SQLite
 * database, driven through Debian's Chromium. No browser is ever downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 18321);
export const baseURL = `http://127.0.0.1:${port}`;
export const ADMIN_PASSWORD = 'e2e-admin-password';

// The config is evaluated in every worker too; only the first evaluation makes the data folder.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Upper bounds only (tests wait on visible outcomes): a fresh context boots the whole console, and
  // on a small machine running two workers a first render can take seconds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The JSON report is what scripts/slowest.mjs reads to print the slowest specs and tests (npm run test:e2e).
  reporter: [
    ['list'],
    ['json', { outputFile: './reports/playwright.json' }],
    ...(process.env.CI ? [['html', { open: 'never', outputFolder: './playwright-report' }] as const] : []),
  ],
  use: {
    baseURL,
    // A trace records every action's DOM: only the retry of a failed test pays for it.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: {
    command: 'node ../packages/server/dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server logs at LOG_LEVEL warn: nothing for a request that went well, one JSON line for
    // what went wrong (a 500 with its error and stack), which must reach the run's output.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'gatehouse.db')}`,
      DATA_DIR: dataDir,
      INIT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The tests' peers (upstream identity providers, SMTP, services) listen on loopback.
      OUTBOUND_ALLOWLIST: '127.0.0.1,::1,localhost',
      // Every test's browser comes from 127.0.0.1: the wrong passwords of the whole suite must not
      // freeze that one address (the limit per address has a test of its own).
      SIGNIN_IP_FAILURE_LIMIT: '100000',
    },
  },
});
