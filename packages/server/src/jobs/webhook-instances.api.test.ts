import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { createMigratedDatabase, type TestDatabase, testEngines } from '../test-support/databases.js';
import { freePort, type SecondInstance, startSecondInstance } from '../test-support/instances.js';
import { ADMIN_PASSWORD, startTestServerOn, type TestServer } from '../test-support/server.js';
import { headerOf, startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { addWebhook, FAST_WEBHOOKS, waitForDeliveries } from '../test-support/webhooks.js';

/**
 * Deliveries are rows of the database, not promises of a process: one left pending when a server
 * stops is sent by the next server over the same database, and two instances over one database
 * (the second in a process of its own, as in a cluster) never send the same delivery twice.
 */
for (const engine of testEngines()) {
  describe(`webhook deliveries across servers [${engine}]`, () => {
    let database: TestDatabase;
    const servers: TestServer[] = [];
    const receivers: WebhookReceiver[] = [];
    let second: SecondInstance | undefined;

    const start = async () => {
      const started = await startTestServerOn(engine, database.url, { webhooks: FAST_WEBHOOKS });
      servers.push(started);
      return started;
    };
    const admin = async (url: string) => {
      const client = new ApiClient(url);
      expect((await client.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
      return client;
    };
    /** An update of the built-in organization: an update-organization record of built-in. */
    const touch = async (client: ApiClient, displayName: string) => {
      const org = (await client.get('/api/get-organization', { id: 'admin/built-in' })).data;
      const answer = await client.post('/api/update-organization', { ...org, displayName }, { id: 'admin/built-in' });
      expect(answer.status, answer.msg).toBe('ok');
    };

    beforeAll(async () => {
      database = await createMigratedDatabase(engine);
    });

    afterAll(async () => {
      second?.stop();
      for (const server of servers) await server.close().catch(() => {});
      for (const receiver of receivers) await receiver.close();
      await database?.drop();
    });

    it('sends after a restart what was still pending when the server stopped', async () => {
      const port = await freePort();
      const first = await start();
      const client = await admin(first.url);
      await addWebhook(client, 'restarted', 'built-in', `http://127.0.0.1:${port}/hook`, { events: ['update-organization'] });
      await touch(client, 'Before the restart');
      // The server stops at once: its last batch of records is written on the way down, with its
      // delivery, and nothing may be sent (no receiver listens yet).
      await first.close();
      const receiver = await startWebhookReceiver(port);
      receivers.push(receiver);
      const next = await start();
      const [delivery] = await receiver.waitFor(1);
      expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ action: 'update-organization', organization: 'built-in' });
      const nextAdmin = await admin(next.url);
      const [logged] = await waitForDeliveries(nextAdmin, 'restarted', (rows) => rows[0]?.state === 'Success');
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received.map((received) => headerOf(received, 'x-gatehouse-delivery'))).toEqual([logged?.name]);
      await nextAdmin.post('/api/delete-webhook', { owner: 'admin', name: 'restarted' });
      await next.close();
      // Two server starts and a retry's wait: seconds alone, more with three engines' suites beside it.
    }, 90_000);

    it('never sends one delivery twice when two instances share the database', async () => {
      const first = await start();
      second = await startSecondInstance(database.url, first.ctx.config.dataDir, {
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        WEBHOOK_POLL_SECONDS: '0.05',
        WEBHOOK_RETRY_SECONDS: '0.3',
        WEBHOOK_CONCURRENCY: String(FAST_WEBHOOKS.concurrency),
      });
      const urls = [first.url, second.url];
      const client = await admin(first.url);
      /** One round of sign-ins on both instances to a webhook of its own; answers how many were sent at once at most. */
      const round = async (name: string) => {
        const receiver = await startWebhookReceiver();
        receivers.push(receiver);
        // Slow answers keep each instance's deliveries in flight while the other looks for work.
        receiver.answer = () => ({ status: 200, text: 'ok', delayMs: 1000 });
        // The sign-ins' records before now are written before the webhook exists.
        await first.recordQueue.flush();
        await addWebhook(client, name, 'built-in', receiver.url, { events: ['login'] });
        // Sign-ins on both instances (their records, and so their deliveries, are made by both). Each
        // writes without reading first in a transaction, which SQLite's WAL mode needs of processes
        // that share a file (a read-then-write transaction may meet another process's commit).
        const count = 24;
        for (let i = 0; i < count; i++) await admin(urls[i % 2] ?? first.url);
        await first.recordQueue.flush();
        await receiver.waitFor(count, 30_000);
        const rows = await waitForDeliveries(
          client,
          name,
          (found) => found.length === count && found.every((row) => row.state === 'Success'),
          30_000,
        );
        // Give a second delivery of any of them the time to arrive, then count.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const ids = receiver.received.map((delivery) => headerOf(delivery, 'x-gatehouse-delivery'));
        expect(ids).toHaveLength(count);
        expect(new Set(ids).size).toBe(count);
        expect(rows.every((row) => row.attemptCount === 1)).toBe(true);
        const records = receiver.received.map((delivery) => JSON.parse(delivery.body).name);
        expect(new Set(records).size).toBe(count);
        expect((await client.post('/api/delete-webhook', { owner: 'admin', name })).status).toBe('ok');
        return receiver.mostAtOnce;
      };
      // Each instance sends at most 4 at once: more at once means both were sending, so the race was
      // run. On a loaded machine one instance may happen to take every delivery of a round: up to
      // three rounds, each checked for duplicates, until one shows both sending.
      let mostAtOnce = 0;
      for (let i = 0; i < 3 && mostAtOnce <= FAST_WEBHOOKS.concurrency; i++) {
        mostAtOnce = Math.max(mostAtOnce, await round(`shared-${i}`));
      }
      expect(mostAtOnce).toBeGreaterThan(FAST_WEBHOOKS.concurrency);
    }, 240_000);
  });
}
