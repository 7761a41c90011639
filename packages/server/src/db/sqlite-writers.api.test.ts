import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../domain/transaction.js';
import { signedInAdmin } from '../test-support/accounts.js';
import type { ApiClient } from '../test-support/client.js';
import { testEngines } from '../test-support/databases.js';
import { createOAuthApplication, postTokenEndpoint } from '../test-support/oidc.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { type SqliteWriter, startSqliteWriter } from '../test-support/sqlite-writer.js';

/**
 * The server's SQLite file written by another process at the same time (the browser tests date a
 * password or set a captcha's answer that way; an operator's tools may too). A write transaction
 * of the server takes the write lock when it begins (BEGIN IMMEDIATE), so another writer waits for
 * its commit instead of slipping a commit between the transaction's reads and its writes, which
 * SQLite answers with SQLITE_BUSY_SNAPSHOT at the write, whatever the busy timeout. A write that
 * still finds the database locked past the busy timeout is answered as busy, not as an internal error.
 */
describe.runIf(testEngines().includes('sqlite'))('the SQLite file written by another process [sqlite]', () => {
  let server: TestServer;
  let writer: SqliteWriter;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    writer = await startSqliteWriter(server.ctx.config.databaseUrl.slice('sqlite:'.length));
    admin = await signedInAdmin(server.url);
  });
  afterAll(async () => {
    await writer?.close();
    await server?.close();
  });

  const organization = () =>
    server.ctx.database.db
      .selectFrom('organization')
      .select(['displayName', 'websiteUrl'])
      .where('owner', '=', 'admin')
      .where('name', '=', 'built-in')
      .executeTakeFirstOrThrow();

  it("waits with another process's commit until the transaction that read before it has written and committed", async () => {
    let other: ReturnType<SqliteWriter['exec']> | undefined;
    await inTransaction(server.ctx, undefined, async (trx) => {
      await trx.selectFrom('organization').select('displayName').where('name', '=', 'built-in').execute();
      other = writer.exec("update organization set website_url = 'https://other.example' where name = 'built-in'");
      await other.started;
      // Time enough for the other process to commit, had it not had to wait for this transaction.
      await sleep(300);
      await trx
        .updateTable('organization')
        .set({ displayName: 'Written by the server' })
        .where('name', '=', 'built-in')
        .execute();
    });
    expect(await other?.done).toEqual({ ok: true });
    expect(await organization()).toEqual({ displayName: 'Written by the server', websiteUrl: 'https://other.example' });
  });

  it('adds users over the API while another process commits again and again', async () => {
    let commits = 0;
    const pending: Promise<unknown>[] = [];
    const hammer = setInterval(() => {
      pending.push(
        writer.exec(`update organization set website_url = 'https://other.example/${commits++}' where name = 'built-in'`).done,
      );
    }, 2);
    try {
      for (let i = 0; i < 4; i++) {
        const added = await admin.post('/api/add-user', {
          owner: 'built-in',
          name: `beside-writer-${i}`,
          password: 'a-password-1',
        });
        expect(added).toMatchObject({ status: 'ok' });
      }
    } finally {
      clearInterval(hammer);
    }
    expect(await Promise.all(pending)).toEqual(pending.map(() => ({ ok: true })));
    expect(commits).toBeGreaterThan(10);
  });

  /** Runs `calls` while the other process holds the write lock past the server's busy timeout (100 ms here). */
  async function whileLocked<T>(calls: () => Promise<T>): Promise<T> {
    const db = server.ctx.database.db;
    expect(await writer.exec('begin immediate').done).toEqual({ ok: true });
    await sql`pragma busy_timeout = 100`.execute(db);
    try {
      return await calls();
    } finally {
      await sql`pragma busy_timeout = 5000`.execute(db);
      expect(await writer.exec('commit').done).toEqual({ ok: true });
    }
  }

  const BUSY = { status: 'error', msg: 'The database is busy with another write; please try again' };

  it('answers a write that finds the database locked past the busy timeout with the busy envelope', async () => {
    const response = await whileLocked(() =>
      admin.raw('POST', '/api/add-user', {
        body: JSON.stringify({ owner: 'built-in', name: 'while-locked', password: 'a-password-1' }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject(BUSY);
    const added = await admin.post('/api/add-user', { owner: 'built-in', name: 'while-locked', password: 'a-password-1' });
    expect(added).toMatchObject({ status: 'ok' });
  });

  it('answers each of the tokens issued together while the database is locked as busy', async () => {
    const app = await createOAuthApplication(admin, 'while-locked-app');
    const grant = () =>
      postTokenEndpoint(server.url, {
        grant_type: 'client_credentials',
        client_id: app.clientId,
        client_secret: app.clientSecret,
      });
    const answers = await whileLocked(() => Promise.all(Array.from({ length: 6 }, grant)));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject(BUSY);
    }
    expect((await grant()).status).toBe(200);
  });
});
