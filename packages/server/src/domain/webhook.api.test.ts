import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

type Row = Record<string, any>;

/**
 * Webhooks as records: defaults, validation with the server's
 * messages, the secret, and who sees and changes which webhook.
 */
describeEachDatabase('webhooks', (server) => {
  let team: Team;
  let other: Team;
  const base = (organization: string, name: string, extra: Row = {}): Row => ({
    owner: 'admin',
    name,
    organization,
    url: 'https://hooks.example.com/in',
    method: 'POST',
    contentType: 'application/json',
    events: ['login'],
    isEnabled: true,
    ...extra,
  });
  const get = async (client: ApiClient, name: string) => (await client.get('/api/get-webhook', { id: `admin/${name}` })).data;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'hookorg');
    other = await organizationTeam(server().url, 'hookother');
  });

  describe('saving', () => {
    it('stores the product defaults, generates the secret and keeps *** as the stored secret', async () => {
      const added = await team.orgAdmin.post('/api/add-webhook', { owner: 'admin', name: 'defaults', organization: 'hookorg' });
      expect(added).toMatchObject({ status: 'ok', data: 'Affected' });
      const stored = await get(team.orgAdmin, 'defaults');
      expect(stored).toMatchObject({ owner: 'admin', organization: 'hookorg', method: 'POST', headers: [], isEnabled: false });
      expect(stored.secret).toMatch(/^[0-9a-f]{64}$/);

      const updated = await team.orgAdmin.post(
        '/api/update-webhook',
        { ...stored, secret: '***', url: 'http://receiver.example/x' },
        { id: 'admin/defaults' },
      );
      expect(updated.status).toBe('ok');
      const after = await get(team.orgAdmin, 'defaults');
      expect(after).toMatchObject({ url: 'http://receiver.example/x', secret: stored.secret });
      // A secret the editor chooses is kept; an empty one is generated again.
      await team.orgAdmin.post('/api/update-webhook', { ...after, secret: 'my-own-secret' }, { id: 'admin/defaults' });
      expect((await get(team.orgAdmin, 'defaults')).secret).toBe('my-own-secret');
      await team.orgAdmin.post('/api/update-webhook', { ...after, secret: '' }, { id: 'admin/defaults' });
      expect((await get(team.orgAdmin, 'defaults')).secret).toMatch(/^[0-9a-f]{64}$/);
    });

    it('masks the secret in the audit record of the call that set it', async () => {
      await team.admin.post('/api/add-webhook', base('hookorg', 'audited', { secret: 'audited-secret-value' }));
      await server().recordQueue.flush();
      const [record] = (
        await team.admin.post('/api/get-records-filter', { action: 'add-webhook', organization: 'built-in' })
      ).data.filter((r: Row) => String(r.object).includes('"audited"'));
      expect(JSON.parse(record.object)).toMatchObject({ name: 'audited', secret: '***' });
      expect(String(record.object)).not.toContain('audited-secret-value');
    });

    it('takes only http(s) URLs', async () => {
      for (const url of ['ftp://files.example.com/in', 'javascript:alert(1)', 'hooks.example.com']) {
        const refused = await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'badurl', { url }));
        expect(refused).toMatchObject({
          status: 'error',
          code: 'fieldUrlScheme',
          msg: `url must be an http:// or https:// address; "${url}" is not`,
        });
      }
      expect(await get(team.orgAdmin, 'badurl')).toBeNull();
    });

    it('refuses invalid, reserved and repeated headers with their messages, in the caller language', async () => {
      const cases: [Row[], string, string][] = [
        [
          [{ name: 'Bad Name', value: 'x' }],
          'webhookHeaderNameInvalid',
          'The header name "Bad Name" is not a valid HTTP header name',
        ],
        [
          [{ name: 'X-Token', value: 'a\r\nInjected: 1' }],
          'webhookHeaderValueInvalid',
          'The value of the header "X-Token" may not contain line breaks or control characters',
        ],
        [
          [{ name: 'Content-Length', value: '1' }],
          'webhookHeaderReserved',
          'The header "Content-Length" is set by the server for each delivery',
        ],
        [
          [{ name: 'X-Gatehouse-Signature', value: 'forged' }],
          'webhookHeaderReserved',
          'The header "X-Gatehouse-Signature" is set by the server for each delivery',
        ],
        [
          [
            { name: 'X-Tenant', value: 'a' },
            { name: 'x-tenant', value: 'b' },
          ],
          'webhookHeaderDuplicate',
          'The header "x-tenant" is listed twice',
        ],
      ];
      for (const [headers, code, msg] of cases) {
        expect(await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'badheaders', { headers }))).toMatchObject({
          status: 'error',
          code,
          msg,
        });
      }
      const chinese = new ApiClient(server().url, 'zh');
      await chinese.login('boss', 'boss-pass', 'hookorg');
      expect(
        await chinese.post('/api/add-webhook', base('hookorg', 'badheaders', { headers: [{ name: 'Host', value: 'x' }] })),
      ).toMatchObject({
        status: 'error',
        msg: '请求头 "Host" 由服务器在每次投递时设置',
      });
      expect(await get(team.orgAdmin, 'badheaders')).toBeNull();
    });

    it('takes the events of the list only, collapses object fields to All and stores user fields in camelCase', async () => {
      expect(
        await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'events', { events: ['login', 'add-spaceship'] })),
      ).toMatchObject({
        status: 'error',
        code: 'invalidField',
      });
      expect(
        await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'events', { tokenFields: ['password'] })),
      ).toMatchObject({
        status: 'error',
        code: 'invalidField',
      });
      const added = await team.orgAdmin.post(
        '/api/add-webhook',
        base('hookorg', 'events', {
          events: ['signup', 'new-user', 'delete-webhook', 'invoice-payment', 'notify-payment'],
          objectFields: ['name', 'All', 'owner'],
          tokenFields: ['Email', 'displayName'],
        }),
      );
      expect(added.status).toBe('ok');
      expect(await get(team.orgAdmin, 'events')).toMatchObject({ objectFields: ['All'], tokenFields: ['email', 'displayName'] });
    });
  });

  describe('organizations', () => {
    it('keeps singleOrgOnly on for organization administrators; global administrators may turn it off', async () => {
      await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'scoped', { singleOrgOnly: false }));
      const scoped = await get(team.orgAdmin, 'scoped');
      expect(scoped.singleOrgOnly).toBe(true);
      expect(
        await team.orgAdmin.post('/api/update-webhook', { ...scoped, singleOrgOnly: false }, { id: 'admin/scoped' }),
      ).toMatchObject({
        status: 'error',
        code: 'fieldLocked',
        msg: 'You are not allowed to change singleOrgOnly',
      });
      expect(
        await team.admin.post('/api/update-webhook', { ...scoped, singleOrgOnly: false }, { id: 'admin/scoped' }),
      ).toMatchObject({ status: 'ok' });
      expect((await get(team.admin, 'scoped')).singleOrgOnly).toBe(false);
      // Any later change by an organization administrator puts it back on.
      await team.orgAdmin.post(
        '/api/update-webhook',
        { ...scoped, singleOrgOnly: false, url: 'https://hooks.example.com/changed' },
        { id: 'admin/scoped' },
      );
      expect(await get(team.admin, 'scoped')).toMatchObject({ singleOrgOnly: true, url: 'https://hooks.example.com/changed' });
    });

    it('holds organization administrators to their own organization', async () => {
      expect((await other.orgAdmin.post('/api/add-webhook', base('hookother', 'theirs'))).status).toBe('ok');
      // Not added to, read, listed, changed or deleted across organizations.
      expect(await team.orgAdmin.post('/api/add-webhook', base('hookother', 'intruder'))).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await team.orgAdmin.get('/api/get-webhook', { id: 'admin/theirs' })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await team.orgAdmin.get('/api/get-webhooks', { organization: 'hookother' })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      const listed = await team.orgAdmin.get('/api/get-webhooks', { organization: 'hookorg', p: 1, pageSize: 100 });
      expect(listed.data.map((w: Row) => w.organization)).not.toContain('hookother');
      const theirs = await get(other.orgAdmin, 'theirs');
      expect(
        await team.orgAdmin.post('/api/update-webhook', { ...theirs, url: 'https://evil.example/' }, { id: 'admin/theirs' }),
      ).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await team.orgAdmin.post('/api/delete-webhook', { owner: 'admin', name: 'theirs' })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect((await get(other.orgAdmin, 'theirs')).url).toBe('https://hooks.example.com/in');
      // Nor is one of their own moved to another organization.
      await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'mine'));
      const mine = await get(team.orgAdmin, 'mine');
      expect(
        (await team.orgAdmin.post('/api/update-webhook', { ...mine, organization: 'hookother' }, { id: 'admin/mine' })).status,
      ).toBe('error');
      expect((await get(team.orgAdmin, 'mine')).organization).toBe('hookorg');
      // Members see none.
      expect(await team.member.get('/api/get-webhooks', { organization: 'hookorg' })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await team.member.get('/api/get-webhook', { id: 'admin/mine' })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
    });

    it('lets global administrators move a webhook, and refuses an organization that does not exist', async () => {
      await team.admin.post('/api/add-webhook', base('hookorg', 'moving'));
      const moving = await get(team.admin, 'moving');
      expect(
        await team.admin.post('/api/update-webhook', { ...moving, organization: 'hookother' }, { id: 'admin/moving' }),
      ).toMatchObject({ status: 'ok' });
      expect((await get(other.orgAdmin, 'moving')).organization).toBe('hookother');
      expect(
        await team.admin.post('/api/update-webhook', { ...moving, organization: 'nowhere' }, { id: 'admin/moving' }),
      ).toMatchObject({
        status: 'error',
        msg: 'The organization "nowhere" does not exist',
      });
    });

    it('lists with the content type filter', async () => {
      await team.orgAdmin.post(
        '/api/add-webhook',
        base('hookorg', 'formhook', { contentType: 'application/x-www-form-urlencoded' }),
      );
      const forms = await team.orgAdmin.get('/api/get-webhooks', {
        organization: 'hookorg',
        field: 'contentType',
        value: 'application/x-www-form-urlencoded',
        p: 1,
        pageSize: 50,
      });
      expect(forms.data.map((w: Row) => w.name)).toEqual(['formhook']);
      expect(forms.data2).toBe(1);
      expect(await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'xml', { contentType: 'text/xml' }))).toMatchObject({
        status: 'error',
        code: 'invalidField',
      });
    });

    it('keeps the owner it is added with, admin or its organization, and is found by that id', async () => {
      // Casdoor's SDK adds a webhook with owner = the organization, then reads it as owner/name.
      const added = await team.orgAdmin.post('/api/add-webhook', base('hookorg', 'sdk-owned', { owner: 'hookorg' }), {
        id: 'hookorg/sdk-owned',
      });
      expect(added).toMatchObject({ status: 'ok', data: 'Affected' });
      const stored = (await team.orgAdmin.get('/api/get-webhook', { id: 'hookorg/sdk-owned' })).data;
      expect(stored).toMatchObject({ owner: 'hookorg', name: 'sdk-owned', organization: 'hookorg' });
      expect((await team.orgAdmin.get('/api/get-webhook', { id: 'admin/sdk-owned' })).data).toBeNull();
      // Listed by the organization, also when the SDK names it as the owner.
      const byOwner = (await team.orgAdmin.get('/api/get-webhooks', { owner: 'hookorg' })).data as Row[];
      expect(byOwner.map((w) => `${w.owner}/${w.name}`)).toEqual(expect.arrayContaining(['hookorg/sdk-owned', 'admin/defaults']));
      expect(byOwner.every((w) => w.organization === 'hookorg')).toBe(true);
      expect(
        await team.orgAdmin.post(
          '/api/update-webhook',
          { ...stored, url: 'https://hooks.example.com/v2' },
          { id: 'hookorg/sdk-owned' },
        ),
      ).toMatchObject({ status: 'ok', data: 'Affected' });
      expect((await team.orgAdmin.get('/api/get-webhook', { id: 'hookorg/sdk-owned' })).data.url).toBe(
        'https://hooks.example.com/v2',
      );
      // Another owner than admin or the webhook's own organization is refused, and nothing is stored.
      expect(await team.admin.post('/api/add-webhook', base('hookorg', 'foreign', { owner: 'hookother' }))).toMatchObject({
        status: 'error',
        msg: 'The owner of a webhook is "admin" or its organization "hookorg", not "hookother"',
      });
      expect((await team.admin.get('/api/get-webhook', { id: 'hookother/foreign' })).data).toBeNull();
      expect(await other.orgAdmin.get('/api/get-webhook', { id: 'hookorg/sdk-owned' })).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      expect(await team.orgAdmin.post('/api/delete-webhook', { owner: 'hookorg', name: 'sdk-owned' })).toMatchObject({
        data: 'Affected',
      });
    });

    it('follows a renamed organization in the owner of the webhooks it owns', async () => {
      await team.admin.post('/api/add-organization', { owner: 'admin', name: 'hookrename' });
      await team.admin.post('/api/add-webhook', base('hookrename', 'owned', { owner: 'hookrename' }));
      const org = (await team.admin.get('/api/get-organization', { id: 'admin/hookrename' })).data;
      await team.admin.post('/api/update-organization', { ...org, name: 'hookrenamed' }, { id: 'admin/hookrename' });
      expect((await team.admin.get('/api/get-webhook', { id: 'hookrenamed/owned' })).data).toMatchObject({
        owner: 'hookrenamed',
        organization: 'hookrenamed',
      });
    });
  });
});
