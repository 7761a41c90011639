import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, signedInUser, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { createOAuthApplication, postTokenEndpoint } from '../test-support/oidc.js';
import { describeEachDatabase } from '../test-support/suite.js';

type Row = Record<string, unknown>;

/**
 * Casdoor's calls for applications beside the CRUD ones: GET /api/user, GET|POST /api/sso-logout,
 * GET /api/get-sorted-users and POST /api/check-user-password.
 */
describeEachDatabase("Casdoor's account calls", (server) => {
  let team: Team;
  let app: { clientId: string; clientSecret: string };

  /** An access token of `username` (password grant of a built-in application). */
  async function accessToken(username: string, password: string): Promise<string> {
    const response = await postTokenEndpoint(server().url, {
      grant_type: 'password',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      username,
      password,
      scope: 'openid',
    });
    const body = (await response.json()) as { access_token?: string; error_description?: string };
    if (!body.access_token) throw new Error(`password grant: ${body.error_description}`);
    return body.access_token;
  }

  const withToken = (token: string, path: string, method = 'GET') =>
    fetch(`${server().url}${path}`, { method, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'callorg');
    app = await createOAuthApplication(team.admin, 'call-app');
    await team.admin.post('/api/add-user', {
      owner: 'built-in',
      name: 'laravel',
      email: 'laravel@example.com',
      password: 'laravel-pass',
    });
  });

  describe('GET /api/user', () => {
    it("answers the signed-in user as Laravel's user, with a session or a token", async () => {
      const session = await signedInUser(server().url, 'built-in', 'laravel', 'laravel-pass');
      const answer: Row = await (await session.raw('GET', '/api/user')).json();
      expect(answer).toMatchObject({ name: 'laravel', email: 'laravel@example.com', email_verified_at: null });
      expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(String(answer.created_at)).toMatch(/^\d{4}-/);
      expect(answer).not.toHaveProperty('status');
      const byToken = await withToken(await accessToken('laravel', 'laravel-pass'), '/api/user');
      expect(byToken).toMatchObject({ name: 'laravel', id: answer.id });
      expect(await new ApiClient(server().url).get('/api/user')).toMatchObject({ status: 'error', msg: 'Please login first' });
    });
  });

  describe('/api/sso-logout', () => {
    it('signs the user out of every browser and revokes every token by default', async () => {
      await team.admin.post('/api/add-user', { owner: 'built-in', name: 'leaver', password: 'leaver-pass' });
      const laptop = await signedInUser(server().url, 'built-in', 'leaver', 'leaver-pass');
      const phone = await signedInUser(server().url, 'built-in', 'leaver', 'leaver-pass');
      const token = await accessToken('leaver', 'leaver-pass');
      expect(await laptop.post('/api/sso-logout', {})).toMatchObject({ status: 'ok' });
      expect(await phone.get('/api/get-account')).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect(await withToken(token, '/api/get-account')).toMatchObject({ status: 'error' });
      expect(await laptop.get('/api/get-account')).toMatchObject({ status: 'error', msg: 'Please login first' });
    });

    it('ends only the calling browser with logoutAll=0', async () => {
      await team.admin.post('/api/add-user', { owner: 'built-in', name: 'stayer', password: 'stayer-pass' });
      const laptop = await signedInUser(server().url, 'built-in', 'stayer', 'stayer-pass');
      const phone = await signedInUser(server().url, 'built-in', 'stayer', 'stayer-pass');
      expect(await laptop.post('/api/sso-logout', {}, { logoutAll: '0' })).toMatchObject({ status: 'ok' });
      expect(await laptop.get('/api/get-account')).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect((await phone.get('/api/get-account')).status).toBe('ok');
    });

    it('takes a GET with a token only, and answers ok to nobody', async () => {
      await team.admin.post('/api/add-user', { owner: 'built-in', name: 'getter', password: 'getter-pass' });
      const browser = await signedInUser(server().url, 'built-in', 'getter', 'getter-pass');
      expect(await browser.get('/api/sso-logout')).toMatchObject({
        status: 'error',
        msg: 'Signing out of every application with GET needs an access token; a browser signs out with POST',
      });
      expect((await browser.get('/api/get-account')).status).toBe('ok');
      expect(await withToken(await accessToken('getter', 'getter-pass'), '/api/sso-logout')).toMatchObject({ status: 'ok' });
      expect(await browser.get('/api/get-account')).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect(await new ApiClient(server().url).post('/api/sso-logout', {})).toMatchObject({ status: 'ok' });
    });
  });

  describe('GET /api/get-sorted-users', () => {
    it('answers the first users by a column, descending, in snake_case or camelCase', async () => {
      for (const [name, tag] of [
        ['low', 'a'],
        ['high', 'c'],
        ['mid', 'b'],
      ] as const) {
        await team.admin.post('/api/add-user', { owner: 'callorg', name, tag, password: `${name}-pass-1` });
      }
      const top = await team.orgAdmin.get('/api/get-sorted-users', { owner: 'callorg', sorter: 'tag', limit: 2 });
      expect((top.data as Row[]).map((u) => u.name)).toEqual(['high', 'mid']);
      const newest = await team.admin.get('/api/get-sorted-users', { owner: 'callorg', sorter: 'created_time', limit: 1 });
      const listed = await team.admin.get('/api/get-users', {
        owner: 'callorg',
        sortField: 'createdTime',
        sortOrder: 'descend',
        p: 1,
        pageSize: 1,
      });
      expect(newest.data).toEqual(listed.data);
      const camel = await team.admin.get('/api/get-sorted-users', { owner: 'callorg', sorter: 'createdTime', limit: 1 });
      expect(camel.data).toEqual(newest.data);
    });

    it('refuses an unknown column, a bad limit and another organization', async () => {
      expect(await team.admin.get('/api/get-sorted-users', { owner: 'callorg', sorter: 'password', limit: 2 })).toMatchObject({
        status: 'error',
        msg: 'Unknown sort field: password',
      });
      expect(await team.admin.get('/api/get-sorted-users', { owner: 'callorg', sorter: 'tag', limit: 'x' })).toMatchObject({
        status: 'error',
        msg: 'Invalid value of limit: a whole number from 1 to 1000',
      });
      expect(await team.orgAdmin.get('/api/get-sorted-users', { owner: 'built-in', sorter: 'tag', limit: 2 })).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
    });
  });

  describe('POST /api/check-user-password', () => {
    it("answers ok for the user's password and the sign-in's refusal otherwise, counting wrong ones", async () => {
      const check = (client: ApiClient, password: string) =>
        client.post('/api/check-user-password', { owner: 'callorg', name: 'worker', password });
      expect(await check(team.orgAdmin, 'worker-pass')).toMatchObject({ status: 'ok' });
      expect(await check(team.orgAdmin, 'nope')).toMatchObject({
        status: 'error',
        msg: 'password or code is incorrect, you have 4 remaining chances',
      });
      expect(await check(team.admin, 'worker-pass')).toMatchObject({ status: 'ok' });
      expect(
        await team.orgAdmin.post('/api/check-user-password', { owner: 'callorg', name: 'ghost', password: 'x' }),
      ).toMatchObject({
        status: 'error',
        msg: 'The user "ghost" does not exist in the organization "callorg"; a member of another organization signs in at /login/<organization>',
      });
    });

    it('is for administrators of the organization only', async () => {
      expect(
        await team.member.post('/api/check-user-password', { owner: 'callorg', name: 'boss', password: 'boss-pass' }),
      ).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      expect(
        await new ApiClient(server().url).post('/api/check-user-password', { owner: 'callorg', name: 'boss', password: 'x' }),
      ).toMatchObject({ status: 'error', msg: 'Please login first' });
    });
  });
});
