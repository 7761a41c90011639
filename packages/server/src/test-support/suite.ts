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

/**
 * The engine on which the large generated suites (hostile input, the authorization matrix) run at
 * full size: PostgreSQL when it is among the engines tested (the strictest about values and
 * types), else the first. The other engines run a fixed sample of the same seeded inputs: what
 * they add is their own storage's answers, which a sample reaches, at a quarter of the time.
 */
export function fullSizeEngine(): DialectName | undefined {
  const engines = testEngines();
  return engines.includes('postgres') ? 'postgres' : engines[0];
}

/** How many of `full` generated runs `engine` makes: all on the full-size engine, a quarter (at least 2) on the others. */
export function runsOn(engine: DialectName, full: number): number {
  return engine === fullSizeEngine() ? full : Math.max(2, Math.ceil(full / 4));
}
