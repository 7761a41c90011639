import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { addWebhook, deliveriesOf, FAST_WEBHOOKS, updateWorker, waitForDeliveries } from '../test-support/webhooks.js';

type Row = Record<string, any>;

/**
 * The delivery log (Casdoor's get-webhook-events, get-webhook-event-detail, replay-webhook-event,
 * delete-webhook-event): paging, filters and sorting, and that an organization's administrators
 * see and touch only their organization's deliveries to their organization's webhooks.
 */
describeEachDatabase(
  'webhook delivery log',
  (server) => {
    let team: Team;
    let other: Team;
    let target: WebhookReceiver;

    const list = (client: ApiClient, query: Record<string, string | number> = {}) => client.get('/api/get-webhook-events', query);

    beforeAll(async () => {
      team = await organizationTeam(server().url, 'logorg');
      other = await organizationTeam(server().url, 'logother');
      target = await startWebhookReceiver();
      await addWebhook(team.orgAdmin, 'loghook', 'logorg', target.url);
      await addWebhook(other.orgAdmin, 'otherhook', 'logother', target.url);
      // A global administrator's webhook that takes every organization's records.
      await addWebhook(team.admin, 'globalhook', 'built-in', target.url, { singleOrgOnly: false });
      for (const label of ['One', 'Two', 'Three']) await updateWorker(team.orgAdmin, 'logorg', label);
      await updateWorker(other.orgAdmin, 'logother', 'Other');
      await server().recordQueue.flush();
      await waitForDeliveries(team.admin, 'loghook', (rows) => rows.length === 3 && rows.every((r) => r.state === 'Success'));
      await waitForDeliveries(team.admin, 'globalhook', (rows) => rows.length === 4 && rows.every((r) => r.state === 'Success'));
    });

    afterAll(async () => {
      await target?.close();
    });

    it('pages, filters and sorts the deliveries of a webhook', async () => {
      const first = await list(team.admin, { webhook: 'admin/loghook', p: 1, pageSize: 2 });
      expect(first).toMatchObject({ status: 'ok', data2: 3 });
      expect(first.data).toHaveLength(2);
      const second = await list(team.admin, { webhook: 'admin/loghook', p: 2, pageSize: 2 });
      expect(second.data).toHaveLength(1);
      const names = [...first.data, ...second.data].map((row: Row) => row.name);
      expect(new Set(names).size).toBe(3);
      // Newest first by default; the payloads carry the three updates.
      const objects = [...first.data, ...second.data].map((row: Row) => JSON.parse(JSON.parse(row.payload).object).displayName);
      expect(objects).toEqual(['Three', 'Two', 'One']);
      expect(first.data[0]).not.toHaveProperty('leaseId');

      expect((await list(team.admin, { webhook: 'admin/loghook', state: 'Success', p: 1, pageSize: 10 })).data2).toBe(3);
      expect((await list(team.admin, { webhook: 'admin/loghook', state: 'Failed', p: 1, pageSize: 10 })).data2).toBe(0);
      expect(await list(team.admin, { state: 'Done' })).toMatchObject({
        status: 'error',
        msg: 'The state "Done" is none of Pending, Retrying, Success, Failed',
      });
      const ascending = await list(team.admin, {
        webhook: 'admin/loghook',
        sortField: 'createdTime',
        sortOrder: 'ascend',
        p: 1,
        pageSize: 10,
      });
      expect(ascending.data.map((row: Row) => row.name)).toEqual([...names].reverse());
      expect((await list(team.admin, { sortField: 'eventType', sortOrder: 'descend', p: 1, pageSize: 10 })).status).toBe('ok');
      expect(await list(team.admin, { sortField: 'payload', sortOrder: 'ascend' })).toMatchObject({
        status: 'error',
        msg: 'Unknown sort field: payload',
      });
      expect(await list(team.admin, { sortField: 'state', sortOrder: 'up' })).toMatchObject({
        status: 'error',
        code: 'badSortOrder',
      });
      expect(await list(team.admin, { p: 0, pageSize: 10 })).toMatchObject({ status: 'error', code: 'badPage' });
      // Without paging: every delivery (up to 100), no total.
      const unpaged = await list(team.admin, { webhook: 'admin/loghook' });
      expect(unpaged.data).toHaveLength(3);
      // Global administrators may ask for one organization's.
      const logother = await list(team.admin, { organization: 'logother', p: 1, pageSize: 10 });
      expect(logother.data.every((row: Row) => row.organization === 'logother')).toBe(true);
      expect(logother.data2).toBe(2);
    });

    it("shows an organization's administrators only their organization's deliveries to their webhooks", async () => {
      const own = await list(team.orgAdmin, { p: 1, pageSize: 50 });
      expect(own.data2).toBe(3);
      expect(own.data.every((row: Row) => row.webhook === 'admin/loghook' && row.organization === 'logorg')).toBe(true);
      // Asking for another organization or another organization's webhook finds nothing of it.
      expect((await list(team.orgAdmin, { organization: 'logother', p: 1, pageSize: 50 })).data2).toBe(3);
      expect((await list(team.orgAdmin, { webhook: 'admin/otherhook', p: 1, pageSize: 50 })).data2).toBe(0);
      expect((await list(team.orgAdmin, { webhook: 'admin/globalhook', p: 1, pageSize: 50 })).data2).toBe(0);
      expect((await list(other.orgAdmin, { p: 1, pageSize: 50 })).data.map((row: Row) => row.webhook)).toEqual([
        'admin/otherhook',
      ]);
      expect(await list(team.member)).toMatchObject({ status: 'error', code: 'unauthorized' });
      expect(await list(new ApiClient(server().url))).toMatchObject({ status: 'error', msg: 'Please login first' });
    });

    it('answers one delivery with its payload to whoever may see it', async () => {
      const [theirs] = await deliveriesOf(other.orgAdmin, 'otherhook');
      const [mine] = await deliveriesOf(team.orgAdmin, 'loghook');
      const detail = await team.orgAdmin.get('/api/get-webhook-event-detail', { id: `admin/${mine?.name}` });
      expect(detail).toMatchObject({ status: 'ok', data: { name: mine?.name, webhook: 'admin/loghook', state: 'Success' } });
      expect(JSON.parse(detail.data.payload)).toMatchObject({ action: 'update-user', organization: 'logorg' });
      expect(await team.orgAdmin.get('/api/get-webhook-event-detail', { id: `admin/${theirs?.name}` })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect((await team.admin.get('/api/get-webhook-event-detail', { id: `admin/${theirs?.name}` })).data.webhook).toBe(
        'admin/otherhook',
      );
      expect(await team.orgAdmin.get('/api/get-webhook-event-detail', { id: 'admin/none' })).toMatchObject({
        status: 'ok',
        data: null,
      });
      // Nor replayed or deleted by another organization's administrators.
      expect(await team.orgAdmin.post('/api/replay-webhook-event', undefined, { id: `admin/${theirs?.name}` })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await team.orgAdmin.post('/api/delete-webhook-event', { owner: 'admin', name: theirs?.name })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await team.member.post('/api/delete-webhook-event', { owner: 'admin', name: mine?.name })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
    });

    it('deletes a delivery, and follows the webhook when it is renamed or deleted', async () => {
      const [newest] = await deliveriesOf(team.orgAdmin, 'loghook');
      expect(await team.orgAdmin.post('/api/delete-webhook-event', { owner: 'admin', name: newest?.name })).toMatchObject({
        data: 'Affected',
      });
      expect(await team.orgAdmin.post('/api/delete-webhook-event', { owner: 'admin', name: newest?.name })).toMatchObject({
        data: 'Unaffected',
      });
      expect(await deliveriesOf(team.orgAdmin, 'loghook')).toHaveLength(2);

      const hook = (await team.orgAdmin.get('/api/get-webhook', { id: 'admin/loghook' })).data;
      expect(
        (await team.orgAdmin.post('/api/update-webhook', { ...hook, name: 'renamedhook' }, { id: 'admin/loghook' })).status,
      ).toBe('ok');
      expect(await deliveriesOf(team.orgAdmin, 'renamedhook')).toHaveLength(2);
      expect(await deliveriesOf(team.orgAdmin, 'loghook')).toHaveLength(0);
      expect((await team.orgAdmin.post('/api/delete-webhook', { owner: 'admin', name: 'renamedhook' })).data).toBe('Affected');
      expect(await deliveriesOf(team.admin, 'renamedhook')).toHaveLength(0);
    });
  },
  { webhooks: FAST_WEBHOOKS },
);
