import { afterAll, beforeAll, describe } from 'vitest';
import type { DialectName } from '../db/database.js';
import { testEngines } from './databases.js';
import { startTestServer, type TestServer } from './server.js';

/**
 * Declares a suite once per database engine, each with its own fresh server and database.
 * `server()` returns the running server inside tests.
 */
export function describeEachDatabase(name: string, body: (server: () => TestServer, engine: DialectName) => void) {
  for (const engine of testEngines()) {
    describe(`${name} [${engine}]`, () => {
      let current: TestServer | undefined;
      beforeAll(async () => {
        current = await startTestServer(engine);
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
