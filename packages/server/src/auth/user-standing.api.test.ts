import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { createOAuthApplication, postOAuthForm, refreshGrant } from '../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

/**
 * A forbidden or (softly) deleted user loses every way in: the sign-in page, the console session,
 * and the tokens already issued to them in every protocol.
 */
describeEachDatabase('forbidden and deleted users', (server) => {
  let admin: ApiClient;
  let app: Awaited<ReturnType<typeof createOAuthApplication>>;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    app = await createOAuthApplication(admin, 'standing-app');
  });

  async function signedInEverywhere(name: string) {
    await admin.post('/api/add-user', { owner: 'built-in', name, password: `${name}-pass` });
    const console = new ApiClient(server().url);
    expect(await console.login(name, `${name}-pass`)).toMatchObject({ status: 'ok' });
    const response = await postOAuthForm(server().url, '/api/login/oauth/access_token', {
      grant_type: 'password',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      username: name,
      password: `${name}-pass`,
      scope: 'openid profile',
    });
    const tokens = (await response.json()) as { access_token: string; refresh_token: string };
    expect(tokens.access_token).toBeTruthy();
    return { console, tokens };
  }

  async function expectLockedOut(console: ApiClient, tokens: { access_token: string; refresh_token: string }) {
    expect(await console.get('/api/get-account')).toMatchObject({ status: 'error', msg: 'Please login first' });
    const userinfo = await fetch(new URL('/api/userinfo', server().url), {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
    const introspection = await postOAuthForm(
      server().url,
      '/api/login/oauth/introspect',
      { token: tokens.access_token },
      { authorization: `Basic ${basic}` },
    );
    expect(await introspection.json()).toEqual({ active: false });
    const refresh = await refreshGrant(server().url, app, tokens.refresh_token);
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  }

  describe('isForbidden', () => {
    it('refuses the sign-in with its message and ends the sessions and tokens already given', async () => {
      const { console, tokens } = await signedInEverywhere('fran');
      const fran = (await admin.get('/api/get-user', { id: 'built-in/fran' })).data;
      expect(await admin.post('/api/update-user', { ...fran, isForbidden: true }, { id: 'built-in/fran' })).toMatchObject({
        status: 'ok',
      });
      await expectLockedOut(console, tokens);
      expect(await new ApiClient(server().url).login('fran', 'fran-pass')).toMatchObject({
        status: 'error',
        msg: 'The user is forbidden to sign in, please contact the administrator',
      });
      // Allowed again, the user signs in again (nothing else was lost).
      const back = (await admin.get('/api/get-user', { id: 'built-in/fran' })).data;
      await admin.post('/api/update-user', { ...back, isForbidden: false }, { id: 'built-in/fran' });
      expect(await new ApiClient(server().url).login('fran', 'fran-pass')).toMatchObject({ status: 'ok' });
    });
  });

  describe('isDeleted', () => {
    it('stamps deletedTime, locks the user out everywhere, and clears the time when undone', async () => {
      const { console, tokens } = await signedInEverywhere('dora');
      const dora = (await admin.get('/api/get-user', { id: 'built-in/dora' })).data;
      await admin.post('/api/update-user', { ...dora, isDeleted: true }, { id: 'built-in/dora' });
      const deleted = (await admin.get('/api/get-user', { id: 'built-in/dora' })).data;
      expect(Date.parse(deleted.deletedTime)).toBeGreaterThan(Date.now() - 60_000);
      await expectLockedOut(console, tokens);
      const login = await new ApiClient(server().url).login('dora', 'dora-pass');
      expect(login.status).toBe('error');
      await admin.post('/api/update-user', { ...deleted, isDeleted: false }, { id: 'built-in/dora' });
      expect((await admin.get('/api/get-user', { id: 'built-in/dora' })).data.deletedTime).toBe('');
      expect(await new ApiClient(server().url).login('dora', 'dora-pass')).toMatchObject({ status: 'ok' });
    });
  });

  describe('deleting a user', () => {
    it('revokes the tokens issued to them', async () => {
      const { console, tokens } = await signedInEverywhere('gone');
      expect(await admin.post('/api/delete-user', { owner: 'built-in', name: 'gone' })).toMatchObject({ status: 'ok' });
      await expectLockedOut(console, tokens);
    });
  });
});
