import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Built, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config/config.js';
import type { DialectName } from '../db/database.js';
import { createMigratedDatabase } from './databases.js';
import { LOOPBACK_ALLOWLIST } from './outbound.js';

export const ADMIN_PASSWORD = 'admin-test-password';

export interface TestServer extends Built {
  url: string;
  engine: DialectName;
  close: () => Promise<void>;
}

/** A real server on a loopback port over a fresh database of `engine`, seeded as on first start. */
export async function startTestServer(engine: DialectName, overrides: Partial<Config> = {}): Promise<TestServer> {
  const database = await createMigratedDatabase(engine);
  // A server that fails to start leaves nothing behind: its database goes too.
  const server = await startTestServerOn(engine, database.url, overrides).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    ...server,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * A real server on a loopback port over an existing database (another server's, or one a test
 * keeps across servers: a restart), which it leaves in place when it closes.
 */
export async function startTestServerOn(
  engine: DialectName,
  databaseUrl: string,
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  // Stored files go to a folder of the server's own, never into the checkout.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-data-'));
  const config: Config = {
    ...loadConfig({}),
    databaseUrl,
    initAdminPassword: ADMIN_PASSWORD,
    webRoot: '/nonexistent',
    host: '127.0.0.1',
    port: 0,
    dataDir,
    // The tests' peers (identity providers, SMTP, S3, metadata) listen on loopback.
    outboundAllowlist: [...LOOPBACK_ALLOWLIST],
    ...overrides,
  };
  let built: Built | undefined;
  try {
    built = await buildApp(config, { logger: false, builtInCert: inject('builtInCert') });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await built?.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const app = built.app;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...built,
    engine,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
