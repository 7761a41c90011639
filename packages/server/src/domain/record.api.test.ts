import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD, startTestServer } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

type Row = Record<string, unknown>;

describeEachDatabase('audit records', (server, engine) => {
  let team: Team;
  let admin: ApiClient;
  const flush = () => server().recordQueue.flush();
  const matching = async (example: Row): Promise<Row[]> => {
    await flush();
    const answer = await admin.post('/api/get-records-filter', example);
    expect(answer.status).toBe('ok');
    return answer.data;
  };

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'recorg');
    admin = team.admin;
  });

  describe('recording', () => {
    it('records a sign-in with the user who signed in, and masks the password', async () => {
      const [login] = await matching({ action: 'login', organization: 'recorg', user: 'boss' });
      expect(login).toMatchObject({
        owner: 'recorg',
        organization: 'recorg',
        user: 'boss',
        method: 'POST',
        requestUri: '/api/login',
        language: 'en',
        statusCode: 200,
        response: '{status:"ok", msg:""}',
        isTriggered: false,
      });
      expect(login?.clientIp).toMatch(/127\.0\.0\.1/);
      expect(typeof login?.id).toBe('number');
      expect(JSON.parse(String(login?.object))).toMatchObject({ username: 'boss', password: '***', organization: 'recorg' });
    });

    it('records a failed sign-in under the organization it named, with the error and no user', async () => {
      const stranger = new ApiClient(server().url, 'zh');
      expect((await stranger.login('boss', 'wrong-pass', 'recorg')).status).toBe('error');
      const failed = (await matching({ action: 'login', organization: 'recorg' })).filter((r) => r.user === '');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ language: 'zh', response: expect.stringContaining('status:"error"') });
      expect(String(failed[0]?.object)).not.toContain('wrong-pass');
    });

    it('records an update with the signed-in administrator, secrets in the query as ***', async () => {
      const worker = (await admin.get('/api/get-user', { id: 'recorg/worker' })).data;
      const answer = await admin.post(
        '/api/update-user',
        { ...worker, displayName: 'Worker Bee' },
        { id: 'recorg/worker', accessToken: 'query-token' },
      );
      expect(answer.status).toBe('ok');
      const [update] = await matching({ action: 'update-user', user: 'admin' });
      expect(update).toMatchObject({ organization: 'built-in', method: 'POST', response: '{status:"ok", msg:""}' });
      expect(update?.requestUri).toBe('/api/update-user?id=recorg%2Fworker&accessToken=***');
      expect(JSON.parse(String(update?.object))).toMatchObject({ name: 'worker', displayName: 'Worker Bee' });
      expect(String(update?.object)).not.toContain('query-token');
    });

    it('masks every password, secret, token, code and key of the body', async () => {
      const body = {
        owner: 'recorg',
        name: 'masked',
        password: 'new-secret-pass',
        properties: { apiKey: 'k-123', nested: [{ clientSecret: 's-456', note: 'kept' }] },
        invitationCode: 'c-789',
      };
      // Recorded whether or not the server accepts it (the unknown field is refused).
      await admin.post('/api/add-user', body);
      const [add] = await matching({ action: 'add-user' });
      const object = String(add?.object);
      for (const secret of ['new-secret-pass', 'k-123', 's-456', 'c-789']) expect(object).not.toContain(secret);
      expect(JSON.parse(object)).toEqual({
        ...body,
        password: '***',
        properties: { apiKey: '***', nested: [{ clientSecret: '***', note: 'kept' }] },
        invitationCode: '***',
      });
    });

    it('records a sign-out with the user who signed out', async () => {
      const leaver = new ApiClient(server().url);
      await leaver.login('worker', 'worker-pass', 'recorg');
      expect((await leaver.post('/api/logout')).status).toBe('ok');
      const [logout] = await matching({ action: 'logout', user: 'worker' });
      expect(logout).toMatchObject({ organization: 'recorg', method: 'POST', response: '{status:"ok", msg:""}' });
    });

    it("records a token request under the application's organization, its client secret masked", async () => {
      const app = (await admin.get('/api/get-application', { id: 'admin/app-built-in' })).data;
      await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret }),
      });
      const [token] = await matching({ action: 'login/oauth/access_token' });
      expect(token).toMatchObject({ organization: 'built-in', user: '', method: 'POST' });
      expect(JSON.parse(String(token?.object))).toMatchObject({ client_id: app.clientId, client_secret: '***' });
      expect(String(token?.response)).toMatch(/^\{status:"(ok|error)", msg:"/);
      expect(String(token?.object)).not.toContain(app.clientSecret);
    });

    it('does not record reads', async () => {
      await admin.get('/api/get-account');
      await admin.get('/api/get-users', { owner: 'recorg' });
      await admin.post('/api/get-records-filter', {});
      expect(await matching({ method: 'GET' })).toEqual([]);
      expect(await matching({ action: 'get-records-filter' })).toEqual([]);
      expect(await matching({ action: 'get-account' })).toEqual([]);
    });

    it('writes a batch without being asked, shortly after the answers', async () => {
      await admin.post('/api/add-group', { owner: 'recorg', name: 'timer-group', type: 'Virtual' });
      let found: Row[] = [];
      for (let i = 0; i < 40 && found.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        found = (await admin.post('/api/get-records-filter', { action: 'add-group' })).data;
      }
      expect(found).toHaveLength(1);
      expect(JSON.parse(String(found[0]?.object))).toMatchObject({ name: 'timer-group' });
    });

    // A server of its own, migrated from scratch: on a loaded MariaDB that alone may take longer
    // than a test's 30 s, as the suites' hooks are given 60 s.
    it('writes what waits when the server closes', { timeout: 60_000 }, async () => {
      const other = await startTestServer(engine);
      const client = new ApiClient(other.url);
      await client.login('admin', 'wrong-password');
      await other.app.close();
      const database = openDatabase(other.ctx.config.databaseUrl);
      try {
        const rows = await database.db.selectFrom('record').select(['action', 'user']).execute();
        expect(rows).toEqual([{ action: 'login', user: '' }]);
      } finally {
        await database.close();
        await other.close();
      }
    });
  });

  describe('reading', () => {
    it('lists 20 a page, newest first, with the total', async () => {
      const page = await admin.get('/api/get-records', { p: 1, pageSize: 2 });
      expect(page.status).toBe('ok');
      expect(page.data).toHaveLength(2);
      expect(page.data2).toBeGreaterThan(2);
      const ids = page.data.map((r: Row) => Number(r.id));
      expect(ids[0]).toBeGreaterThan(ids[1] ?? 0);
      const sorted = await admin.get('/api/get-records', { p: 1, pageSize: 20, sortField: 'action', sortOrder: 'ascend' });
      const actions = sorted.data.map((r: Row) => String(r.action));
      expect(actions).toEqual([...actions].sort());
    });

    it('lets a global admin see every organization and one organization', async () => {
      await flush();
      const all = (await admin.get('/api/get-records')).data as Row[];
      expect(new Set(all.map((r) => r.organization))).toEqual(new Set(['built-in', 'recorg']));
      const one = (await admin.get('/api/get-records', { organizationName: 'recorg' })).data as Row[];
      expect(one.length).toBeGreaterThan(0);
      expect(one.every((r) => r.organization === 'recorg')).toBe(true);
    });

    it("holds an organization's admin to its own organization", async () => {
      await flush();
      const own = (await team.orgAdmin.get('/api/get-records')).data as Row[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((r) => r.organization === 'recorg')).toBe(true);
      expect(await team.orgAdmin.get('/api/get-records', { organizationName: 'built-in' })).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      const filtered = (await team.orgAdmin.post('/api/get-records-filter', { action: 'login' })).data as Row[];
      expect(filtered.every((r) => r.organization === 'recorg')).toBe(true);
      expect(await team.orgAdmin.post('/api/get-records-filter', { organization: 'built-in' })).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      const [record] = own;
      expect((await team.orgAdmin.get('/api/get-record', { id: `${record?.owner}/${record?.name}` })).data).toMatchObject({
        id: record?.id,
      });
    });

    it('asks anonymous callers to sign in and refuses ordinary members', async () => {
      const anonymous = new ApiClient(server().url);
      expect(await anonymous.get('/api/get-records')).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect(await anonymous.post('/api/get-records-filter', {})).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect(await team.member.get('/api/get-records')).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });
    });

    it('matches only exact values of the right types', async () => {
      expect(await matching({ action: 'logi' })).toEqual([]);
      expect(await admin.post('/api/get-records-filter', { statusCode: '200' })).toMatchObject({
        status: 'error',
        msg: 'Invalid value of statusCode: must be a number',
      });
      const ok = await matching({ statusCode: 200, method: 'POST', organization: 'recorg' });
      expect(ok.length).toBeGreaterThan(0);
    });

    it('keeps the records of an organization that is renamed or deleted', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'shortlived' });
      await admin.post('/api/add-user', { owner: 'shortlived', name: 'temp', password: 'temp-pass' });
      const temp = new ApiClient(server().url);
      await temp.login('temp', 'temp-pass', 'shortlived');
      expect(await matching({ organization: 'shortlived', action: 'login' })).toHaveLength(1);
      const org = (await admin.get('/api/get-organization', { id: 'admin/shortlived' })).data;
      await admin.post('/api/update-organization', { ...org, name: 'renamed-org' }, { id: 'admin/shortlived' });
      await admin.post('/api/delete-user', { owner: 'renamed-org', name: 'temp' });
      expect(await admin.post('/api/delete-organization', { owner: 'admin', name: 'renamed-org' })).toMatchObject({
        status: 'ok',
      });
      expect(await matching({ organization: 'shortlived', action: 'login' })).toHaveLength(1);
    });

    it('refuses every write of a record, even to a global admin', async () => {
      const refused = { status: 'error', msg: 'Unauthorized operation' };
      expect(await admin.post('/api/add-record', { owner: 'recorg', name: 'forged', organization: 'recorg' })).toMatchObject(
        refused,
      );
    });
  });
});

describeEachDatabase(
  'records address',
  (server) => {
    it('tells the signed-in console where the records are shown', async () => {
      const admin = new ApiClient(server().url);
      await admin.login('admin', ADMIN_PASSWORD);
      expect(await admin.get('/api/get-account')).toMatchObject({
        status: 'ok',
        settings: { recordsUrl: 'https://logs.example.com/records' },
      });
    });
  },
  { recordsUrl: 'https://logs.example.com/records' },
);
