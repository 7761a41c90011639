import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { createMigratedDatabase, type TestDatabase, testEngines } from '../test-support/databases.js';
import { type SecondInstance, startSecondInstance } from '../test-support/instances.js';
import { clientCredentialsGrant, createOAuthApplication } from '../test-support/oidc.js';
import { policyProbe } from '../test-support/policy-probe.js';
import { type RoundRobinProxy, startRoundRobinProxy } from '../test-support/round-robin-proxy.js';
import { ADMIN_PASSWORD, startTestServerOn, type TestServer } from '../test-support/server.js';
import { createSyncSource, type SyncSource, syncerColumn } from '../test-support/sync-source.js';
import { headerOf, startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { addWebhook, FAST_WEBHOOKS, waitForDeliveries } from '../test-support/webhooks.js';

const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Scale-out (docs/operations.md "Scaling out"): two stateless instances over one PostgreSQL
 * database and one Redis, each a process of its own (this test's and a child), behind a loopback
 * round-robin proxy. What one does, the other sees: sessions, sign-in failure counts, policy
 * changes (within a second), and each scheduled job runs once across both.
 */
const engines = testEngines();
for (const engine of engines.filter((name) => name !== 'postgres')) {
  describe.skip(`scale-out behind a proxy [${engine}]: runs on PostgreSQL with Redis only (GATEHOUSE_TEST_DATABASES=postgres)`, () => {
    it('is not run on this engine', () => undefined);
  });
}

describe.runIf(engines.includes('postgres'))('scale-out: two instances behind a round-robin proxy [postgres + Redis]', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: SecondInstance;
  let proxy: RoundRobinProxy;
  let receiver: WebhookReceiver;

  const signedIn = async (url: string) => {
    const client = new ApiClient(url);
    expect((await client.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
    return client;
  };
  /** Who the session cookie of `client` is, as `url` sees it (undefined: not signed in there). */
  const accountOn = async (url: string, client: ApiClient) => {
    const answer = await fetch(`${url}/api/get-account`, { headers: { cookie: client.sessionCookie } });
    const body = await answer.json();
    return body.status === 'ok' ? `${body.data.owner}/${body.data.name}` : undefined;
  };

  beforeAll(async () => {
    database = await createMigratedDatabase('postgres');
    first = await startTestServerOn('postgres', database.url, {
      redisUrl: REDIS_URL,
      webhooks: FAST_WEBHOOKS,
      jobTickSeconds: 1,
    });
    second = await startSecondInstance(database.url, first.ctx.config.dataDir, {
      REDIS_URL,
      OUTBOUND_ALLOWLIST: '127.0.0.1',
      JOB_TICK_SECONDS: '1',
      WEBHOOK_POLL_SECONDS: String(FAST_WEBHOOKS.pollMs / 1000),
      WEBHOOK_RETRY_SECONDS: String(FAST_WEBHOOKS.retryBaseMs / 1000),
      WEBHOOK_MAX_ATTEMPTS: String(FAST_WEBHOOKS.maxAttempts),
      WEBHOOK_TIMEOUT_SECONDS: String(FAST_WEBHOOKS.timeoutMs / 1000),
    });
    proxy = await startRoundRobinProxy([first.url, second.url]);
    receiver = await startWebhookReceiver();
  }, 90_000);

  afterAll(async () => {
    second?.stop();
    await proxy?.close();
    await receiver?.close();
    await first?.close();
    await database?.drop();
  });

  it('serves a session opened on one instance on the other, through the proxy', async () => {
    const client = await signedIn(proxy.url);
    proxy.served.length = 0;
    for (let i = 0; i < 4; i++) expect((await client.get('/api/get-account')).data.name).toBe('admin');
    expect(new Set(proxy.served.map((request) => request.backend))).toEqual(new Set([first.url, second.url]));
    expect(proxy.served.every((request) => request.status === 200)).toBe(true);
  });

  it('ends on both instances a session ended on one', async () => {
    const client = await signedIn(first.url);
    expect(await accountOn(second.url, client)).toBe('built-in/admin');
    expect((await client.post('/api/logout')).status).toBe('ok');
    expect(await accountOn(second.url, client)).toBeUndefined();
    expect(await accountOn(first.url, client)).toBeUndefined();
  });

  it('counts wrong passwords sent at once to both instances, all of them', async () => {
    const admin = await signedIn(first.url);
    expect(await admin.post('/api/add-user', { owner: 'built-in', name: 'guessed', password: 'right-pass-1' })).toMatchObject({
      status: 'ok',
    });
    // Four wrong passwords at once, two on each instance: the default lockout allows five.
    const wrong = await Promise.all(
      [first.url, second.url, first.url, second.url].map((url) => new ApiClient(url).login('guessed', 'wrong-pass')),
    );
    expect(wrong.every((answer) => answer.status === 'error')).toBe(true);
    const fifth = await new ApiClient(proxy.url).login('guessed', 'wrong-pass');
    expect(fifth.msg).toMatch(/too many times/);
    // Frozen means frozen, whichever instance is asked, even with the right password.
    for (const url of [first.url, second.url])
      expect((await new ApiClient(url).login('guessed', 'right-pass-1')).status).toBe('error');
  });

  it('refuses on one instance, within a second, a client secret changed on the other (record caches)', async () => {
    const admin = await signedIn(first.url);
    const app = await createOAuthApplication(admin, 'cached-client', { grantTypes: ['client_credentials'] });
    const grant = async (secret: string) => (await clientCredentialsGrant(second.url, app, secret)).status;
    // The second instance reads the application through its cache and keeps it.
    expect(await grant(app.clientSecret)).toBe(200);
    expect(await grant(app.clientSecret)).toBe(200);
    const stored = (await admin.get('/api/get-application', { id: 'admin/cached-client' })).data;
    const rotated = `${app.clientSecret}-rotated`;
    expect(
      (await admin.post('/api/update-application', { ...stored, clientSecret: rotated }, { id: 'admin/cached-client' })).status,
    ).toBe('ok');
    const changed = Date.now();
    await expect.poll(() => grant(app.clientSecret), { timeout: 1000, interval: 20 }).toBe(401);
    expect(Date.now() - changed).toBeLessThan(1000);
    expect(await grant(rotated)).toBe(200);
  });

  it('enforces on one instance, within a second, a policy changed on the other', async () => {
    const admin = await signedIn(first.url);
    const other = await signedIn(second.url);
    const probe = await policyProbe(admin, 'scaleorg');
    const ask = () => probe.ask(other);
    // The second instance compiles the enforcer and keeps it.
    expect(await ask()).toEqual([true]);
    expect(await ask()).toEqual([true]);
    await probe.setEnabled(false);
    const changed = Date.now();
    await expect.poll(ask, { timeout: 1000, interval: 20 }).toEqual([false]);
    expect(Date.now() - changed).toBeLessThan(1000);
  });

  it('delivers a webhook retry once, whichever instance claims it', async () => {
    const admin = await signedIn(first.url);
    // The first attempt fails; the retry is due while both instances look for work every 100 ms.
    receiver.answer = (_delivery, index) => (index === 0 ? { status: 500, text: 'busy' } : { status: 200, text: 'ok' });
    await addWebhook(admin, 'retried', 'built-in', receiver.url, { events: ['update-organization'] });
    const org = (await admin.get('/api/get-organization', { id: 'admin/built-in' })).data;
    expect(
      (await admin.post('/api/update-organization', { ...org, displayName: 'Scaled' }, { id: 'admin/built-in' })).status,
    ).toBe('ok');
    await first.recordQueue.flush();
    await receiver.waitFor(2);
    const [delivery] = await waitForDeliveries(admin, 'retried', (rows) => rows[0]?.state === 'Success');
    // Time for a duplicate to arrive, had either instance sent one.
    await sleep(1000);
    expect(receiver.received.map((received) => headerOf(received, 'x-gatehouse-delivery'))).toEqual([
      delivery?.name,
      delivery?.name,
    ]);
    expect(delivery).toMatchObject({ attemptCount: 2, state: 'Success' });
  });

  describe('a scheduled sync', () => {
    let source: SyncSource;

    beforeAll(async () => {
      source = await createSyncSource('postgres', first.ctx.config.dataDir);
      // The syncer reads a view whose every query leaves a row in "reads": the source counts the runs.
      await source.exec('create table reads (at timestamptz default now())');
      await source.exec('create table staff_rows (login varchar(100) primary key)');
      await source.exec("insert into staff_rows (login) values ('una'), ('vic')");
      await source.exec(`create function staff_read() returns setof staff_rows language plpgsql volatile as $$
        begin insert into reads default values; return query select * from staff_rows; end $$`);
      await source.exec('create view staff as select * from staff_read()');
    });
    afterAll(async () => {
      await source?.close();
    });

    it('runs once across both instances, then not again within its interval', async () => {
      const admin = await signedIn(proxy.url);
      await admin.post('/api/add-organization', { owner: 'admin', name: 'cron' });
      const added = await admin.post('/api/add-syncer', {
        owner: 'admin',
        name: 'cron',
        organization: 'cron',
        ...source.settings,
        table: 'staff',
        tableColumns: [syncerColumn('login', 'Name', { isKey: true })],
        syncInterval: 1,
        isEnabled: true,
      });
      expect(added).toMatchObject({ status: 'ok' });
      const status = async () => (await admin.get('/api/get-syncer', { id: 'admin/cron' })).data.syncStatus;
      await expect.poll(async () => (await status()).state, { timeout: 10_000 }).toBe('succeeded');
      const scheduled = await status();
      expect(scheduled).toMatchObject({ added: 2 });
      // Both instances tick every second: three seconds later it is still the one run.
      await sleep(3000);
      expect(await status()).toEqual(scheduled);
      const readsOf = async () => Number((await source.rows('select count(*) as n from reads'))[0]?.n);
      const afterSchedule = await readsOf();
      // What one run reads, measured by running it once on demand.
      expect((await admin.get('/api/run-syncer', { id: 'admin/cron' })).status).toBe('ok');
      const oneRun = (await readsOf()) - afterSchedule;
      expect(oneRun).toBeGreaterThan(0);
      expect(afterSchedule).toBe(oneRun);
      expect((await admin.get('/api/get-users', { owner: 'cron' })).data).toHaveLength(2);
    });
  });
});
