import { afterAll, beforeAll, describe } from 'vitest';
import type { Config } from '../config/config.js';
import type { DialectName } from '../db/database.js';
import { testEngines } from './databases.js';
import { startTestServer, type TestServer } from './server.js';

/**
 * Declares a suite once per database engine, each with its own fresh server and database.
 * `server()` returns the running server inside tests; `overrides` change its configuration.
 */
export function describeEachDatabase(
  name: string,
  body: (server: () => TestServer, engine: DialectName) => void,
  overrides: Partial<Config> = {},
) {
  for (const engine of testEngines()) {
    describe(`${name} [${engine}]`, () => {
      let current: TestServer | undefined;
      beforeAll(async () => {
        current = await startTestServer(engine, overrides);
      });
      afterAll(async () => {
        await current?.close();
      });
      body(() => {
        if (!current) throw new Error('test server not started');
        return current;
      }, engine);
    });
  }
}
