import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../test-support/accounts.js';
import { testEngines } from '../test-support/databases.js';
import { type SecondInstance, startSecondInstance } from '../test-support/instances.js';
import { type PrivatePostgres, privatePostgres } from '../test-support/private-postgres.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  at: number;
  http: number;
  status?: string;
  code?: string;
  text: string;
}

/**
 * PostgreSQL restarted under load (issue 15, point 6): Gatehouse runs in a process of its own over
 * a PostgreSQL server of this test's own, which the test stops (fast shutdown: every connection is
 * ended) and starts again while readers and writers keep calling. While the database is away every
 * answer is the error envelope (503, `databaseUnavailable`), never a crash, a 500, an SQL text or a
 * stack; once it is back, Gatehouse serves again within 5 seconds without being restarted, with the
 * sessions it had.
 */
describe.runIf(testEngines().includes('postgres'))('PostgreSQL restarted under load [postgres of its own]', () => {
  let postgres: PrivatePostgres;
  let server: SecondInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-pg-restart-'));

  beforeAll(async () => {
    postgres = await privatePostgres();
    server = await startSecondInstance(postgres.url, dataDir, { INIT_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await postgres?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers with the error envelope while it is down and recovers within 5 seconds of its return', async () => {
    const admin = await signedInAdmin(server.url);
    const answers: Answer[] = [];
    let stopping = false;
    const call = async (make: () => Promise<Response>) => {
      const at = Date.now();
      const response = await make();
      const text = await response.text();
      let body: { status?: string; code?: string } = {};
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: the checks below name it.
      }
      answers.push({ at, http: response.status, status: body.status, code: body.code, text });
    };
    let written = 0;
    const reader = async () => {
      while (!stopping) await call(() => admin.raw('GET', '/api/get-account'));
    };
    const lister = async () => {
      while (!stopping)
        await call(() => admin.raw('GET', '/api/get-users', { query: { owner: 'built-in', p: 1, pageSize: 10 } }));
    };
    const writer = async () => {
      while (!stopping) {
        const name = `restart-${written++}`;
        await call(() =>
          admin.raw('POST', '/api/add-user', {
            body: JSON.stringify({ owner: 'built-in', name }),
            headers: { 'content-type': 'application/json' },
          }),
        );
        await sleep(20);
      }
    };
    const load = Promise.all([reader(), lister(), writer(), writer()]);
    await sleep(1000);
    const down = Date.now();
    await postgres.stop();
    await sleep(2000);
    await postgres.start();
    const back = Date.now();
    await sleep(7000);
    stopping = true;
    await load;

    expect(server.process.exitCode).toBeNull();
    // Nothing but answers or the envelope: no 500, no SQL or stack, no text that is not JSON.
    const refused = answers.filter((answer) => answer.status !== 'ok');
    for (const answer of refused) {
      expect(answer.http, answer.text).toBe(503);
      expect(answer).toMatchObject({ status: 'error', code: 'databaseUnavailable' });
      expect(answer.text).not.toMatch(/at \w+ \(|ECONNREFUSED|terminat|SQLSTATE|postgres/i);
    }
    const during = answers.filter((answer) => answer.at > down + 200 && answer.at < back - 200);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((answer) => answer.code === 'databaseUnavailable')).toBe(true);
    // Served again within 5 s of the database's return, and from then on every call succeeds.
    const recovered = answers.find((answer) => answer.at >= back && answer.status === 'ok');
    expect(recovered).toBeDefined();
    expect((recovered?.at ?? Number.POSITIVE_INFINITY) - back).toBeLessThan(5000);
    const after = answers.filter((answer) => answer.at >= back + 5000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((answer) => answer.status !== 'ok')).toEqual([]);
    // The session opened before the restart is still valid, and writes land.
    expect((await admin.get('/api/get-account')).data.name).toBe('admin');
    expect((await admin.post('/api/add-user', { owner: 'built-in', name: 'after-restart' })).status).toBe('ok');
    console.log(
      `PostgreSQL restart: ${answers.length} calls, ${refused.length} refused with databaseUnavailable while it was away (${back - down} ms), first success ${(recovered?.at ?? 0) - back} ms after its return`,
    );
  }, 120_000);
});
