import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { sessionIdOf } from './session.js';

describeEachDatabase('sign-in', (server) => {
  let admin: ApiClient;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    // An organization with a user to sign in as, and a forbidden user.
    await admin.post('/api/add-organization', {
      owner: 'admin',
      name: 'acme',
      displayName: 'Acme',
      passwordType: 'salt',
      passwordOptions: ['AtLeast6'],
    });
    await admin.post('/api/add-user', { owner: 'acme', name: 'alice', email: 'alice@acme.test', password: 'alice-pass' });
    await admin.post('/api/add-user', { owner: 'acme', name: 'mallory', password: 'mallory-pass', isForbidden: true });
  });

  describe('POST /api/login', () => {
    it('signs in built-in/admin and answers owner/name with an httpOnly SameSite=Lax cookie', async () => {
      const client = new ApiClient(server().url);
      const response = await client.raw('POST', '/api/login', {
        body: JSON.stringify({
          type: 'login',
          application: 'app-built-in',
          organization: 'built-in',
          username: 'admin',
          password: ADMIN_PASSWORD,
          autoSignin: true,
        }),
        headers: { 'content-type': 'application/json' },
      });
      expect(await response.json()).toMatchObject({ status: 'ok', data: 'built-in/admin' });
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('gatehouse_session='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Expires=/);
    });

    it('gives a browser-session cookie without auto sign-in', async () => {
      const client = new ApiClient(server().url);
      const response = await client.raw('POST', '/api/login', {
        body: JSON.stringify({
          application: 'app-built-in',
          organization: 'built-in',
          username: 'admin',
          password: ADMIN_PASSWORD,
          autoSignin: false,
        }),
        headers: { 'content-type': 'application/json' },
      });
      expect((await response.json()).status).toBe('ok');
      expect(response.headers.getSetCookie().find((c) => c.startsWith('gatehouse_session='))).not.toMatch(/Expires=/);
    });

    it('keeps a session a day at most unless auto sign-in is asked for (also when the body leaves it out)', async () => {
      const hoursOf = async (body: Record<string, unknown>) => {
        const client = new ApiClient(server().url);
        const response = await client.raw('POST', '/api/login', {
          body: JSON.stringify({
            application: 'app-built-in',
            organization: 'acme',
            username: 'alice',
            password: 'alice-pass',
            ...body,
          }),
          headers: { 'content-type': 'application/json' },
        });
        expect((await response.json()).status).toBe('ok');
        const cookie = response.headers.getSetCookie().find((c) => c.startsWith('gatehouse_session=')) ?? '';
        const session = await server()
          .ctx.database.db.selectFrom('authSession')
          .select(['createdTime', 'expiresTime'])
          .where('id', '=', sessionIdOf(cookie.slice('gatehouse_session='.length).split(';')[0] ?? ''))
          .executeTakeFirstOrThrow();
        return { hours: (Date.parse(session.expiresTime) - Date.parse(session.createdTime)) / 3600_000, cookie };
      };
      const short = await hoursOf({});
      expect(short.hours).toBeCloseTo(24, 0);
      expect(short.cookie).not.toMatch(/Expires=/);
      expect((await hoursOf({ autoSignin: false })).hours).toBeCloseTo(24, 0);
      const long = await hoursOf({ autoSignin: true });
      expect(long.hours).toBeCloseTo(24 * 30, 0);
      expect(long.cookie).toMatch(/Expires=/);
    });

    it("refuses passwords when the application does not accept them, with Casdoor's message", async () => {
      const app = async (name: string, fields: Record<string, unknown>) => {
        const added = await admin.post('/api/add-application', {
          owner: 'admin',
          name,
          organization: 'acme',
          cert: 'cert-built-in',
          enablePassword: true,
          ...fields,
        });
        expect(added.status, added.msg).toBe('ok');
      };
      await app('acme-no-password', { enablePassword: false });
      await app('acme-code-only', { signinMethods: [{ name: 'Verification code', displayName: 'Code', rule: 'All' }] });
      await app('acme-hidden-password', {
        signinMethods: [{ name: 'Password', displayName: 'Password', rule: 'Hide password' }],
      });
      const login = (application: string, language?: string) =>
        new ApiClient(server().url, language).post('/api/login', {
          type: 'login',
          application,
          organization: 'acme',
          username: 'alice',
          password: 'alice-pass',
        });
      for (const name of ['acme-no-password', 'acme-code-only']) {
        expect(await login(name)).toMatchObject({
          status: 'error',
          msg: 'The login method: login with password is not enabled for the application',
        });
      }
      expect((await login('acme-no-password', 'zh-CN')).msg).toBe('该应用禁止采用密码登录方式');
      // "Hide password" only keeps the method off the sign-in page (Casdoor accepts the password).
      expect(await login('acme-hidden-password')).toMatchObject({ status: 'ok', data: 'acme/alice' });
    });

    it('signs in a user of another organization, by name or by e-mail', async () => {
      expect(await new ApiClient(server().url).login('alice', 'alice-pass', 'acme')).toMatchObject({
        status: 'ok',
        data: 'acme/alice',
      });
      expect(await new ApiClient(server().url).login('alice@acme.test', 'alice-pass', 'acme')).toMatchObject({
        status: 'ok',
        data: 'acme/alice',
      });
    });

    it('counts a wrong password against the account, and tells a login naming no account where to sign in', async () => {
      const wrong = await new ApiClient(server().url).login('alice', 'nope-nope', 'acme');
      expect(wrong).toMatchObject({ status: 'error', msg: 'password or code is incorrect, you have 4 remaining chances' });
      const unknown = await new ApiClient(server().url).login('nobody', 'nope-nope', 'acme');
      expect(unknown).toMatchObject({
        status: 'error',
        code: 'userNotInOrganization',
        msg: 'The user "nobody" does not exist in the organization "acme"; a member of another organization signs in at /login/<organization>',
      });
      const rows = await server()
        .ctx.database.db.selectFrom('signinFailure')
        .select('name')
        .where('name', '=', 'nobody')
        .execute();
      expect(rows).toEqual([]);
    });

    it('answers a member of another organization typing their right password on /login with where to sign in, counting nothing', async () => {
      const onLogin = await new ApiClient(server().url).login('alice', 'alice-pass');
      expect(onLogin).toMatchObject({ code: 'userNotInOrganization' });
      expect(onLogin.msg).toContain('/login/<organization>');
      const counted = await server()
        .ctx.database.db.selectFrom('signinFailure')
        .select('name')
        .where('owner', '=', 'built-in')
        .where('name', '=', 'alice')
        .execute();
      expect(counted).toEqual([]);
    });

    it('freezes a login after the limit of wrong passwords, even for the right password', async () => {
      await admin.post('/api/add-user', { owner: 'acme', name: 'erin', password: 'erin-pass' });
      const client = new ApiClient(server().url);
      for (const left of [4, 3, 2, 1]) {
        expect((await client.login('erin', 'wrong-pass', 'acme')).msg).toBe(
          `password or code is incorrect, you have ${left} remaining chances`,
        );
      }
      const frozen = 'You have entered the wrong password or code too many times, please wait for 15 minutes and try again';
      expect((await client.login('erin', 'wrong-pass', 'acme')).msg).toBe(frozen);
      expect((await client.login('erin', 'erin-pass', 'acme')).msg).toBe(frozen);
      // Nobody else is affected: the counter is the account's.
      expect((await client.login('alice', 'alice-pass', 'acme')).status).toBe('ok');
    });

    it('lets a frozen login in again once the frozen time has passed', async () => {
      await admin.post('/api/add-user', { owner: 'acme', name: 'fred', password: 'fred-pass' });
      const client = new ApiClient(server().url);
      for (let i = 0; i < 5; i++) await client.login('fred', 'wrong-pass', 'acme');
      const fred = (await admin.get('/api/get-user', { id: 'acme/fred' })).data;
      // Sixteen minutes ago (the built-in application freezes for 15).
      const past = `${new Date(Date.now() - 16 * 60_000).toISOString().slice(0, 19)}Z`;
      await server()
        .ctx.database.db.updateTable('signinFailure')
        .set({ lastWrongTime: past })
        .where('name', '=', fred.id)
        .execute();
      expect((await client.login('fred', 'fred-pass', 'acme')).status).toBe('ok');
    });

    it('refuses a forbidden user', async () => {
      expect(await new ApiClient(server().url).login('mallory', 'mallory-pass', 'acme')).toMatchObject({
        status: 'error',
        msg: 'The user is forbidden to sign in, please contact the administrator',
      });
    });

    it('speaks Chinese when asked', async () => {
      const res = await new ApiClient(server().url, 'zh-CN,zh;q=0.9').login('alice', 'bad-password', 'acme');
      expect(res.msg).toBe('密码或验证码错误，您还有 4 次尝试的机会');
    });

    it('refuses an unknown application and an unsupported login type', async () => {
      const client = new ApiClient(server().url);
      expect(await client.post('/api/login', { application: 'nope', username: 'admin', password: 'x' })).toMatchObject({
        status: 'error',
        msg: 'The application "nope" does not exist',
      });
      expect(await client.post('/api/login', { type: 'carrier-pigeon', username: 'admin', password: 'x' })).toMatchObject({
        status: 'error',
        code: 'loginTypeUnsupported',
      });
    });

    it('accepts a form-encoded body', async () => {
      const client = new ApiClient(server().url);
      const response = await client.raw('POST', '/api/login', {
        body: new URLSearchParams({
          application: 'app-built-in',
          organization: 'acme',
          username: 'alice',
          password: 'alice-pass',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(await response.json()).toMatchObject({ status: 'ok', data: 'acme/alice' });
    });
  });

  describe('GET /api/get-account', () => {
    it('tells anonymous callers to log in first', async () => {
      expect(await new ApiClient(server().url).get('/api/get-account')).toMatchObject({
        status: 'error',
        msg: 'Please login first',
        data: 'Please login first',
      });
    });

    it('returns the masked user, its id and the organization', async () => {
      const client = new ApiClient(server().url);
      await client.login('alice', 'alice-pass', 'acme');
      const res = await client.get('/api/get-account');
      expect(res).toMatchObject({
        status: 'ok',
        name: 'alice',
        data: { owner: 'acme', name: 'alice', password: '***' },
        data2: { name: 'acme' },
      });
      expect(res.sub).toBe(res.data.id);
      expect(res.data).not.toHaveProperty('passwordSalt');
      expect(JSON.stringify(res)).not.toMatch(/alice-pass|\$2[aby]\$/);
    });
  });

  describe('logout', () => {
    it('ends the session on the server, not just the cookie', async () => {
      const client = new ApiClient(server().url);
      await client.login('alice', 'alice-pass', 'acme');
      const stolen = client.sessionCookie;
      expect(await client.post('/api/logout')).toMatchObject({ status: 'ok', data: 'acme/alice', data2: '' });
      expect((await client.get('/api/get-account')).status).toBe('error');
      const replay = await fetch(`${server().url}/api/get-account`, { headers: { cookie: stolen } });
      expect((await replay.json()).code).toBe('pleaseLogin');
    });

    it('refuses GET without an id_token_hint (a link on another site), leaving the session signed in', async () => {
      const client = new ApiClient(server().url);
      await client.login('alice', 'alice-pass', 'acme');
      const crossSite = await client.raw('GET', '/api/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(await crossSite.json()).toMatchObject({
        status: 'error',
        code: 'logoutNeedsIdTokenHint',
        msg: 'Signing out with GET needs a valid id_token_hint; sign out with POST /api/logout instead',
      });
      expect(crossSite.headers.getSetCookie().some((c) => c.startsWith('gatehouse_session='))).toBe(false);
      expect(await client.get('/api/logout', { id_token_hint: 'not-a-token' })).toMatchObject({ code: 'idTokenHintInvalid' });
      expect((await client.get('/api/get-account')).status).toBe('ok');
    });
  });

  describe('cross-site protection', () => {
    it('refuses a cookie-authenticated write from another origin with 403 and changes nothing', async () => {
      const client = new ApiClient(server().url);
      await client.login('admin', ADMIN_PASSWORD);
      const response = await client.raw('POST', '/api/add-organization', {
        body: JSON.stringify({ owner: 'admin', name: 'evil' }),
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ status: 'error', code: 'crossSite' });
      expect((await client.get('/api/get-organization', { id: 'admin/evil' })).data).toBeNull();
    });

    it('refuses a sign-in posted from another origin (login CSRF) and opens no session', async () => {
      const foreign: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { origin: '', referer: 'https://evil.example/page' },
        { origin: 'null' },
      ];
      for (const headers of foreign) {
        const client = new ApiClient(server().url);
        const response = await client.raw('POST', '/api/login', {
          body: new URLSearchParams({
            type: 'login',
            application: 'app-built-in',
            organization: 'acme',
            username: 'alice',
            password: 'alice-pass',
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ status: 'error', code: 'crossSite' });
        expect(response.headers.getSetCookie().some((c) => c.startsWith('gatehouse_session='))).toBe(false);
      }
    });

    it('accepts a sign-in from its own pages and from clients that send no Origin', async () => {
      const fromPage = await new ApiClient(server().url).raw('POST', '/api/login', {
        body: JSON.stringify({
          type: 'login',
          application: 'app-built-in',
          organization: 'acme',
          username: 'alice',
          password: 'alice-pass',
        }),
        headers: { 'content-type': 'application/json', origin: '', referer: `${server().url}/login/acme` },
      });
      expect((await fromPage.json()).status).toBe('ok');
      const sdk = await fetch(`${server().url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'login',
          application: 'app-built-in',
          organization: 'acme',
          username: 'alice',
          password: 'alice-pass',
        }),
      });
      expect((await sdk.json()).status).toBe('ok');
    });

    it('refuses Sec-Fetch-Site: cross-site when there is no Origin', async () => {
      const client = new ApiClient(server().url);
      await client.login('admin', ADMIN_PASSWORD);
      const response = await client.raw('POST', '/api/logout', { headers: { origin: '', 'sec-fetch-site': 'cross-site' } });
      expect(response.status).toBe(403);
      expect((await client.get('/api/get-account')).status).toBe('ok');
    });
  });

  describe('POST /api/set-password', () => {
    it('lets a user change their own password with the old one and ends their other sessions', async () => {
      await admin.post('/api/add-user', { owner: 'acme', name: 'bob', password: 'bob-pass-1' });
      const bob = new ApiClient(server().url);
      const otherDevice = new ApiClient(server().url);
      await bob.login('bob', 'bob-pass-1', 'acme');
      await otherDevice.login('bob', 'bob-pass-1', 'acme');
      const wrongOld = await bob.post('/api/set-password', {
        userOwner: 'acme',
        userName: 'bob',
        oldPassword: 'nope',
        newPassword: 'bob-pass-2',
      });
      expect(wrongOld).toMatchObject({ status: 'error', msg: 'The old password is wrong' });
      const tooShort = await bob.post('/api/set-password', {
        userOwner: 'acme',
        userName: 'bob',
        oldPassword: 'bob-pass-1',
        newPassword: '123',
      });
      expect(tooShort).toMatchObject({ status: 'error', msg: 'The password must have at least 6 characters' });
      const changed = await bob.post('/api/set-password', {
        userOwner: 'acme',
        userName: 'bob',
        oldPassword: 'bob-pass-1',
        newPassword: 'bob-pass-2',
      });
      expect(changed.status).toBe('ok');
      expect((await bob.get('/api/get-account')).status).toBe('ok');
      expect((await otherDevice.get('/api/get-account')).status).toBe('error');
      expect((await new ApiClient(server().url).login('bob', 'bob-pass-2', 'acme')).status).toBe('ok');
      expect((await new ApiClient(server().url).login('bob', 'bob-pass-1', 'acme')).status).toBe('error');
    });

    it('lets an administrator set a password without the old one, and refuses other users', async () => {
      await admin.post('/api/add-user', { owner: 'acme', name: 'carol', password: 'carol-pass' });
      const set = await admin.post('/api/set-password', { userOwner: 'acme', userName: 'carol', newPassword: 'carol-new-pass' });
      expect(set.status).toBe('ok');
      expect((await new ApiClient(server().url).login('carol', 'carol-new-pass', 'acme')).status).toBe('ok');
      const alice = new ApiClient(server().url);
      await alice.login('alice', 'alice-pass', 'acme');
      expect(
        await alice.post('/api/set-password', { userOwner: 'acme', userName: 'carol', newPassword: 'hijacked!' }),
      ).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
    });

    it('accepts a multipart form, as the Casdoor SDK sends it', async () => {
      await admin.post('/api/add-user', { owner: 'acme', name: 'dave', password: 'dave-pass' });
      const form = new FormData();
      form.set('userOwner', 'acme');
      form.set('userName', 'dave');
      form.set('newPassword', 'dave-new-pass');
      const response = await fetch(`${server().url}/api/set-password`, {
        method: 'POST',
        body: form,
        headers: { cookie: admin.sessionCookie, origin: server().url },
      });
      expect((await response.json()).status).toBe('ok');
      expect((await new ApiClient(server().url).login('dave', 'dave-new-pass', 'acme')).status).toBe('ok');
    });
  });

  it('re-hashes with the organization type after signing in with an older one', async () => {
    // alice was hashed as 'salt'; switch acme to bcrypt and sign in again.
    const org = (await admin.get('/api/get-organization', { id: 'admin/acme' })).data;
    await admin.post('/api/update-organization', { ...org, passwordType: 'bcrypt' }, { id: 'admin/acme' });
    expect((await new ApiClient(server().url).login('alice', 'alice-pass', 'acme')).status).toBe('ok');
    const row = await server()
      .ctx.database.db.selectFrom('user')
      .select(['passwordType', 'password'])
      .where('owner', '=', 'acme')
      .where('name', '=', 'alice')
      .executeTakeFirst();
    expect(row).toMatchObject({ passwordType: 'bcrypt' });
    expect(String(row?.password)).toMatch(/^\$2[aby]\$10\$/);
    expect((await new ApiClient(server().url).login('alice', 'alice-pass', 'acme')).status).toBe('ok');
  });
});
