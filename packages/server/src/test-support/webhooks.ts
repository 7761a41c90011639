import { expect } from 'vitest';
import type { WebhookSettings } from '../config/config.js';
import type { ApiClient } from './client.js';

type Row = Record<string, any>;

/** Webhook settings fast enough for tests: retries after 300 ms, 600 ms; 1.5 s for an answer. */
export const FAST_WEBHOOKS: WebhookSettings = {
  maxAttempts: 3,
  retryBaseMs: 300,
  retryMaxMs: 5000,
  pollMs: 100,
  concurrency: 4,
  timeoutMs: 1500,
};

/** Adds a webhook (owner admin) and answers it as stored, secret included. */
export async function addWebhook(
  client: ApiClient,
  name: string,
  organization: string,
  url: string,
  fields: Row = {},
): Promise<Row> {
  const added = await client.post('/api/add-webhook', {
    owner: 'admin',
    name,
    organization,
    url,
    method: 'POST',
    contentType: 'application/json',
    events: ['update-user'],
    isEnabled: true,
    ...fields,
  });
  expect(added.status, added.msg).toBe('ok');
  return (await client.get('/api/get-webhook', { id: `admin/${name}` })).data;
}

/** The deliveries of a webhook, newest first. */
export async function deliveriesOf(client: ApiClient, webhook: string): Promise<Row[]> {
  const answer = await client.get('/api/get-webhook-events', { webhook: `admin/${webhook}`, p: 1, pageSize: 100 });
  expect(answer.status, answer.msg).toBe('ok');
  return answer.data;
}

/** Waits until the webhook's deliveries satisfy `done`, and answers them. */
export async function waitForDeliveries(
  client: ApiClient,
  webhook: string,
  done: (deliveries: Row[]) => boolean,
  timeoutMs = 15_000,
): Promise<Row[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await deliveriesOf(client, webhook);
    if (done(deliveries)) return deliveries;
    if (Date.now() > until) {
      const states = deliveries.map((row) => `${row.state}/${row.attemptCount}`).join(', ');
      throw new Error(`deliveries of ${webhook} never got there: ${deliveries.length} (${states})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * An update of the organization's member `worker` by `client` (its administrator): an update-user
 * record of that organization, the event most tests listen to.
 */
export async function updateWorker(client: ApiClient, organization: string, displayName: string): Promise<void> {
  const id = `${organization}/worker`;
  const worker = (await client.get('/api/get-user', { id })).data;
  const answer = await client.post('/api/update-user', { ...worker, displayName }, { id });
  expect(answer.status, answer.msg).toBe('ok');
}
