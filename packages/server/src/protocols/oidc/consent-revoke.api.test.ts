import * as oidc from 'openid-client';
import { beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, REDIRECT_URI } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const APP_ID = 'admin/acme-files';

/**
 * Who sees and who takes back a user's consents (the Consents block of the console's user page):
 * the user and the administrators of the user's organization read `applicationScopes`; the user
 * revokes their own grants, and an administrator of the organization revokes a user's by naming
 * the user in the revoke-consent body. Nobody else does either.
 */
describeEachDatabase('OAuth consents of a user', (server) => {
  let admin: ApiClient;
  let clientId: string;
  const clients: Record<string, ApiClient> = {};

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    for (const org of ['acme', 'globex']) {
      expect((await admin.post('/api/add-organization', { owner: 'admin', name: org })).status).toBe('ok');
    }
    const users = [
      { owner: 'acme', name: 'alice', isAdmin: false },
      { owner: 'acme', name: 'carol', isAdmin: false },
      { owner: 'acme', name: 'boss', isAdmin: true },
      { owner: 'globex', name: 'gboss', isAdmin: true },
    ];
    for (const user of users) {
      const added = await admin.post('/api/add-user', {
        ...user,
        email: `${user.name}@example.com`,
        password: `${user.name}-pass`,
      });
      expect(added.status).toBe('ok');
      const client = new ApiClient(server().url);
      expect((await client.login(user.name, `${user.name}-pass`, user.owner)).status).toBe('ok');
      clients[user.name] = client;
    }
    const app = await createOAuthApplication(admin, 'acme-files', {
      organization: 'acme',
      customScopes: [{ scope: 'files:read', displayName: 'Read your files', description: '' }],
      enableSigninSession: false,
    });
    clientId = app.clientId;
  });

  const client = (name: string) => clients[name] as ApiClient;

  /** An authorization request for `scope`, as the authorization page sends it to POST /api/login. */
  async function authorization(scope: string) {
    return {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    };
  }

  /** Alice signs in for the request in a fresh browser; the answer is the code or {required: true}. */
  async function aliceSignsIn(params: Record<string, string>) {
    const browser = new ApiClient(server().url);
    const body = { type: 'code', organization: 'acme', username: 'alice', password: 'alice-pass', autoSignin: true };
    return { browser, login: await browser.post('/api/login', body, params) };
  }

  /** Alice grants files:read to the application through the consent screen. */
  async function aliceGrants() {
    const params = await authorization('openid files:read');
    const { browser, login } = await aliceSignsIn(params);
    expect(login.data).toEqual({ required: true });
    const granted = await browser.post('/api/grant-consent', {
      application: APP_ID,
      grantedScopes: ['openid', 'files:read'],
      clientId,
      responseType: 'code',
      redirectUri: REDIRECT_URI,
      scope: params.scope,
      state: params.state,
      nonce: params.nonce,
      challenge: params.code_challenge,
    });
    expect(granted.status).toBe('ok');
  }

  async function grantsOfAlice() {
    return (await admin.get('/api/get-user', { id: 'acme/alice' })).data.applicationScopes;
  }

  const revoke = (by: ApiClient, user?: string) =>
    by.post('/api/revoke-consent', { application: APP_ID, grantedScopes: ['openid', 'files:read'], user });

  it('shows the grants to the user and the administrators of the organization, to nobody else', async () => {
    await aliceGrants();
    const granted = [{ application: APP_ID, grantedScopes: ['openid', 'files:read'] }];
    for (const reader of [client('alice'), client('boss'), admin]) {
      expect((await reader.get('/api/get-user', { id: 'acme/alice' })).data.applicationScopes).toEqual(granted);
    }
    expect((await client('alice').get('/api/get-account')).data.applicationScopes).toEqual(granted);
    const listed = await client('boss').get('/api/get-users', { owner: 'acme', field: 'name', value: 'alice' });
    expect(listed.data[0].applicationScopes).toEqual(granted);
    for (const reader of [client('carol'), client('gboss'), new ApiClient(server().url)]) {
      const refused = await reader.get('/api/get-user', { id: 'acme/alice' });
      expect(refused.status).toBe('error');
      expect(refused.data ?? null).toBeNull();
    }
    expect((await client('gboss').get('/api/get-users', { owner: 'acme' })).status).toBe('error');
  });

  it("lets an administrator of the user's organization revoke them; the next request asks again", async () => {
    expect(await revoke(client('boss'), 'acme/alice')).toMatchObject({ status: 'ok', data: true });
    expect(await grantsOfAlice()).toEqual([]);
    // The administrator's own grants were not the ones touched.
    expect((await client('boss').get('/api/get-account')).data.applicationScopes).toEqual([]);
    expect((await aliceSignsIn(await authorization('openid files:read'))).login.data).toEqual({ required: true });
  });

  it('reads a bare user name as one of the caller’s organization; global administrators revoke anywhere', async () => {
    await aliceGrants();
    expect(await revoke(client('boss'), 'alice')).toMatchObject({ status: 'ok', data: true });
    await aliceGrants();
    expect(await revoke(admin, 'acme/alice')).toMatchObject({ status: 'ok', data: true });
    expect(await grantsOfAlice()).toEqual([]);
  });

  it('lets the user revoke their own grants, naming themselves or not', async () => {
    await aliceGrants();
    expect(await revoke(client('alice'), 'acme/alice')).toMatchObject({ status: 'ok', data: true });
    await aliceGrants();
    expect(await revoke(client('alice'))).toMatchObject({ status: 'ok', data: true });
    expect(await grantsOfAlice()).toEqual([]);
  });

  it('refuses everyone else, in English and Chinese, and leaves the grants alone', async () => {
    await aliceGrants();
    expect((await revoke(client('carol'), 'acme/alice')).msg).toBe(
      'You can only grant or revoke the consents of your own account',
    );
    expect((await revoke(client('gboss'), 'acme/alice')).msg).toBe('Unauthorized operation');
    // A bare name is a user of the caller's own organization: globex has no alice.
    expect((await revoke(client('gboss'), 'alice')).msg).toBe('The user "globex/alice" does not exist');
    expect((await revoke(new ApiClient(server().url), 'acme/alice')).msg).toBe('Please login first');
    expect((await revoke(client('boss'), 'acme/nobody')).msg).toBe('The user "acme/nobody" does not exist');
    const zh = new ApiClient(server().url, 'zh-CN');
    await zh.login('gboss', 'gboss-pass', 'globex');
    expect((await revoke(zh, 'acme/alice')).msg).toBe('未授权的操作');
    expect(await grantsOfAlice()).toEqual([{ application: APP_ID, grantedScopes: ['openid', 'files:read'] }]);
    // Granting stays the user's own decision, administrator or not.
    const params = await authorization('openid files:read');
    await client('boss').get('/api/get-app-login', params);
    const byAdmin = await client('boss').post('/api/grant-consent', {
      application: APP_ID,
      grantedScopes: ['files:read'],
      clientId,
      responseType: 'code',
      redirectUri: REDIRECT_URI,
      scope: params.scope,
      state: params.state,
      nonce: params.nonce,
      challenge: params.code_challenge,
      user: 'acme/alice',
    });
    expect(byAdmin.msg).toBe('You can only grant or revoke the consents of your own account');
  });
});
