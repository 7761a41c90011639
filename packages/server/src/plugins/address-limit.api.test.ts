import { beforeAll, expect, it } from 'vitest';
import { signedInAdmin } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

const LIMIT = 5;

/** A client whose requests come, through the trusted proxy, from `address`. */
function from(url: string, address: string, language = 'en') {
  const client = new ApiClient(url, language);
  const login = (username: string, password: string, organization = 'built-in') =>
    client.raw('POST', '/api/login', {
      body: JSON.stringify({ type: 'login', application: 'app-built-in', organization, username, password, autoSignin: true }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    });
  const token = (clientId: string, clientSecret: string) =>
    client.raw('POST', '/api/login/oauth/access_token', {
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    });
  return { login, token };
}

/**
 * Brute force from one address (issue 15, point 3): after SIGNIN_IP_FAILURE_LIMIT failed tries the
 * address is refused for SIGNIN_IP_FROZEN_MINUTES, whatever account or client it tries next, while
 * other addresses sign in as before.
 */
describeEachDatabase(
  'failed sign-ins counted per address',
  (server) => {
    let admin: ApiClient;

    beforeAll(async () => {
      admin = await signedInAdmin(server().url);
      await admin.post('/api/add-organization', { owner: 'admin', name: 'acme', displayName: 'Acme' });
      for (const name of ['ann', 'bob', 'cid'])
        await admin.post('/api/add-user', { owner: 'acme', name, password: `${name}-pass` });
    });

    it('refuses an address that sprayed wrong passwords over many accounts, even with a right one', async () => {
      const sprayer = from(server().url, '203.0.113.7');
      const tries: [string, string][] = [
        ['ann', 'x'],
        ['bob', 'x'],
        ['cid', 'x'],
        ['nobody', 'x'],
        ['ann', 'y'],
      ];
      for (const [name, password] of tries) {
        const answer = await (await sprayer.login(name, password, 'acme')).json();
        expect(answer.status, name).toBe('error');
        expect(answer.code, name).not.toBe('signinAddressFrozen');
      }
      const refused = await sprayer.login('bob', 'bob-pass', 'acme');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('900');
      expect(await refused.json()).toMatchObject({
        status: 'error',
        code: 'signinAddressFrozen',
        msg: 'Too many failed sign-ins came from your address, please wait for 15 minutes and try again',
      });
      // In Chinese too.
      const zh = await (await from(server().url, '203.0.113.7', 'zh').login('bob', 'bob-pass', 'acme')).json();
      expect(zh.msg).toBe('来自您的地址的登录失败次数过多，请等待 15 分钟后重试');

      // Another address signs in as before, and its right passwords count nothing.
      const other = from(server().url, '198.51.100.20');
      expect((await (await other.login('bob', 'bob-pass', 'acme')).json()).status).toBe('ok');
    });

    it('counts refused client secrets at the token endpoint too', async () => {
      const guesser = from(server().url, '203.0.113.9');
      for (let i = 0; i < LIMIT; i++) expect((await guesser.token('nobody', `guess-${i}`)).status).toBe(401);
      const refused = await guesser.token('nobody', 'guess-last');
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe('signinAddressFrozen');
      // Signing in to the console from that address is refused as well.
      expect((await guesser.login('admin', ADMIN_PASSWORD)).status).toBe(429);
    });

    it('lets the address in again once the frozen time has passed', async () => {
      const past = `${new Date(Date.now() - 16 * 60_000).toISOString().slice(0, 19)}Z`;
      await server()
        .ctx.database.db.updateTable('signinFailure')
        .set({ lastWrongTime: past })
        .where('owner', '=', '@address')
        .where('name', '=', '203.0.113.7')
        .execute();
      const sprayer = from(server().url, '203.0.113.7');
      expect((await (await sprayer.login('cid', 'cid-pass', 'acme')).json()).status).toBe('ok');
    });
  },
  { trustProxy: true, signinIpFailureLimit: LIMIT, signinIpFrozenMinutes: 15 },
);
