import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { createOAuthApplication } from '../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

const require = createRequire(import.meta.url);
const { SDK } = require('casdoor-nodejs-sdk') as typeof import('casdoor-nodejs-sdk');

/** Machine callers: applications with their client credentials (Casdoor's SDKs) and access tokens. */
describeEachDatabase('API callers', (server) => {
  let admin: ApiClient;
  let orgApp: Awaited<ReturnType<typeof createOAuthApplication>>;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    await admin.post('/api/add-organization', { owner: 'admin', name: 'sdk-org' });
    await admin.post('/api/add-organization', { owner: 'admin', name: 'other-org' });
    await admin.post('/api/add-user', { owner: 'other-org', name: 'outsider', password: 'outsider-pass' });
    orgApp = await createOAuthApplication(admin, 'sdk-org-app', { organization: 'sdk-org' });
  });

  const sdkFor = (app: { clientId: string; clientSecret: string; name: string }, orgName: string) =>
    new SDK({
      endpoint: server().url,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      certificate: '',
      orgName,
      appName: app.name,
    });

  describe('casdoor-nodejs-sdk with the application credentials (HTTP Basic)', () => {
    it("manages the users of the application's organization", async () => {
      const sdk = sdkFor(orgApp, 'sdk-org');
      const added = await sdk.addUser({
        owner: 'sdk-org',
        name: 'via-sdk',
        displayName: 'Via SDK',
        password: 'via-sdk-pass',
      } as never);
      expect(added.data).toMatchObject({ status: 'ok', data: 'Affected' });
      const listed = await sdk.getUsers();
      expect((listed.data.data as unknown as { name: string }[]).map((u) => u.name)).toEqual(['via-sdk']);
      const one = await sdk.getUser('via-sdk');
      expect(one.data.data).toMatchObject({ name: 'via-sdk', displayName: 'Via SDK', password: '***' });
      const updated = await sdk.updateUser({ ...(one.data.data as object), displayName: 'Renamed by SDK' } as never);
      expect(updated.data).toMatchObject({ status: 'ok' });
      expect((await sdk.getUser('via-sdk')).data.data).toMatchObject({ displayName: 'Renamed by SDK' });
      expect((await sdk.deleteUser({ owner: 'sdk-org', name: 'via-sdk' } as never)).data).toMatchObject({
        status: 'ok',
        data: 'Affected',
      });
    });

    it('is held to its organization (an application of built-in administers every organization)', async () => {
      const sdk = sdkFor(orgApp, 'other-org');
      expect((await sdk.getUsers()).data).toMatchObject({ status: 'error', code: 'unauthorized' });
      expect((await sdk.getUser('outsider')).data).toMatchObject({ status: 'error', code: 'unauthorized' });
      const builtInApp = await createOAuthApplication(admin, 'sdk-global-app');
      const globalSdk = sdkFor(builtInApp, 'other-org');
      expect((await globalSdk.getUser('outsider')).data.data).toMatchObject({ name: 'outsider' });
    });

    it('ignores wrong Basic credentials (they may be a proxy’s) but refuses wrong query credentials', async () => {
      const basic = await fetch(`${server().url}/api/get-users?owner=sdk-org`, {
        headers: { authorization: `Basic ${Buffer.from(`${orgApp.clientId}:wrong`).toString('base64')}` },
      });
      expect(await basic.json()).toMatchObject({ status: 'error', code: 'pleaseLogin' });
      const query = await fetch(`${server().url}/api/get-users?owner=sdk-org&clientId=${orgApp.clientId}&clientSecret=wrong`);
      expect(await query.json()).toMatchObject({ status: 'error', code: 'unauthorized' });
      const right = await fetch(
        `${server().url}/api/get-users?owner=sdk-org&clientId=${orgApp.clientId}&clientSecret=${orgApp.clientSecret}`,
      );
      expect((await right.json()).status).toBe('ok');
    });

    it('has no account of its own and cannot stand in for a password', async () => {
      const auth = { authorization: `Basic ${Buffer.from(`${orgApp.clientId}:${orgApp.clientSecret}`).toString('base64')}` };
      expect(await (await fetch(`${server().url}/api/get-account`, { headers: auth })).json()).toMatchObject({
        code: 'pleaseLogin',
      });
      const login = await fetch(`${server().url}/api/login`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'login', application: 'app-built-in' }),
      });
      expect(await login.json()).toMatchObject({ status: 'error', code: 'missingParameter' });
    });
  });

  describe('access tokens', () => {
    it('act for their user, and stop working once revoked', async () => {
      await admin.post('/api/add-user', { owner: 'sdk-org', name: 'holder', password: 'holder-pass' });
      const token = await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          client_id: orgApp.clientId,
          client_secret: orgApp.clientSecret,
          username: 'holder',
          password: 'holder-pass',
        }),
      }).then((r) => r.json());
      const bearer = { authorization: `Bearer ${token.access_token}` };
      const account = await (await fetch(`${server().url}/api/get-account`, { headers: bearer })).json();
      expect(account).toMatchObject({ status: 'ok', name: 'holder' });
      const own = await (await fetch(`${server().url}/api/get-user?id=sdk-org/holder`, { headers: bearer })).json();
      expect(own.data.name).toBe('holder');
      expect(await (await fetch(`${server().url}/api/get-users?owner=sdk-org`, { headers: bearer })).json()).toMatchObject({
        code: 'unauthorized',
      });
      await fetch(`${server().url}/api/login/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: token.access_token, client_id: orgApp.clientId, client_secret: orgApp.clientSecret }),
      });
      expect(await (await fetch(`${server().url}/api/get-account`, { headers: bearer })).json()).toMatchObject({
        code: 'pleaseLogin',
      });
    });
  });
});
