import { nowRfc3339 } from '@gatehouse/entities';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Built, buildApp } from '../../app.js';
import { ApiClient } from '../../test-support/client.js';
import { testEngines } from '../../test-support/databases.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/server.js';
import { clientTag, ipv6Network } from './store.js';

/**
 * get-captcha serves a limited number of captchas a minute to one client address (here 3), counted
 * in the database: a second instance on the same database refuses the same client, other
 * addresses are still served. The client address comes from X-Forwarded-For (TRUST_PROXY).
 */

const LIMIT = 3;

describe('the client tag of an address', () => {
  it('is the same for an IPv4 address written as IPv4-mapped IPv6, and for one IPv6 /64', () => {
    expect(clientTag('::ffff:192.0.2.7')).toBe(clientTag('192.0.2.7'));
    expect(clientTag('192.0.2.7')).not.toBe(clientTag('192.0.2.8'));
    expect(ipv6Network('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipv6Network('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipv6Network('::1')).toBe('0:0:0:0::/64');
    expect(ipv6Network('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipv6Network('192.0.2.7')).toBeNull();
    expect(clientTag('2001:db8:1:2::5')).toBe(clientTag('2001:db8:1:2:ffff::9'));
    expect(clientTag('2001:db8:1:2::5')).not.toBe(clientTag('2001:db8:1:3::5'));
    expect(clientTag('192.0.2.7')).toMatch(/^[0-9a-f]{16}$/);
  });
});

for (const engine of testEngines()) {
  describe(`get-captcha limit per client address [${engine}]`, () => {
    let first: TestServer;
    let second: Built;
    let secondUrl = '';

    beforeAll(async () => {
      first = await startTestServer(engine, { captchaIpLimitPerMinute: LIMIT, trustProxy: true });
      // Another instance of the same cluster: its own process state, the same database.
      second = await buildApp({ ...first.ctx.config }, { logger: false, builtInCert: inject('builtInCert') });
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const address = second.app.server.address();
      secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const admin = new ApiClient(first.url);
      await admin.login('admin', ADMIN_PASSWORD);
      const added = await admin.post('/api/add-application', {
        owner: 'admin',
        name: 'plain',
        organization: 'built-in',
        cert: 'cert-built-in',
        enablePassword: true,
      });
      expect(added.status, added.msg).toBe('ok');
    });

    afterAll(async () => {
      await second?.app.close();
      await first?.close();
    });

    const getCaptcha = (url: string, ip: string, query: Record<string, string>, language = 'en') =>
      new ApiClient(url, language).raw('GET', '/api/get-captcha', { query, headers: { 'x-forwarded-for': ip } });

    it('serves a client the limit of captchas a minute, on any instance, then refuses with 429 in its language', async () => {
      const builtIn = { applicationId: 'admin/app-built-in' };
      // Images, and answers without one (an application without captcha) count alike.
      const served = [
        await getCaptcha(first.url, '203.0.113.5', builtIn),
        await getCaptcha(secondUrl, '203.0.113.5', { applicationId: 'admin/plain' }),
      ];
      // A call refused for another reason serves nothing and is not counted.
      expect(await (await getCaptcha(first.url, '203.0.113.5', { applicationId: 'admin/nothing' })).json()).toMatchObject({
        code: 'applicationMissing',
      });
      served.push(await getCaptcha(first.url, '::ffff:203.0.113.5', builtIn));
      const types = [];
      for (const response of served) {
        expect(response.status).toBe(200);
        const envelope = await response.json();
        expect(envelope.status, envelope.msg).toBe('ok');
        types.push(envelope.data.type);
      }
      expect(types).toEqual(['Default', 'none', 'Default']);

      const refused = await getCaptcha(secondUrl, '203.0.113.5', builtIn);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await refused.json()).toMatchObject({
        status: 'error',
        code: 'captchaIpLimit',
        msg: `Too many captchas were requested from your address (at most ${LIMIT} a minute), please try again later`,
      });
      const zh = await getCaptcha(first.url, '203.0.113.5', builtIn, 'zh-CN');
      expect(zh.status).toBe(429);
      expect((await zh.json()).msg).toBe(`您的地址请求的人机验证过多（每分钟最多 ${LIMIT} 个），请稍后再试`);

      // A refused call draws nothing: the client has still exactly the captchas it was served.
      const rows = await first.ctx.database.db
        .selectFrom('captcha')
        .select('id')
        .where('id', 'like', `${clientTag('203.0.113.5')}%`)
        .execute();
      expect(rows).toHaveLength(LIMIT);
    });

    it('counts each address apart, and a whole IPv6 /64 as one', async () => {
      const builtIn = { applicationId: 'admin/app-built-in' };
      expect((await getCaptcha(first.url, '198.51.100.9', builtIn)).status).toBe(200);
      for (const host of ['1', '2', '3']) {
        expect((await getCaptcha(first.url, `2001:db8:77:1::${host}`, builtIn)).status).toBe(200);
      }
      expect((await getCaptcha(secondUrl, '2001:db8:77:1:abcd::9', builtIn)).status).toBe(429);
      expect((await getCaptcha(secondUrl, '2001:db8:77:2::1', builtIn)).status).toBe(200);
    });

    it('frees a place once the oldest captcha counted is a minute old', async () => {
      const ip = '192.0.2.200';
      const builtIn = { applicationId: 'admin/app-built-in' };
      for (let i = 0; i < LIMIT; i++) expect((await getCaptcha(first.url, ip, builtIn)).status).toBe(200);
      expect((await getCaptcha(first.url, ip, builtIn)).status).toBe(429);
      // The oldest of them served 61 seconds ago (its expiry moves with it).
      const db = first.ctx.database.db;
      const oldest = await db
        .selectFrom('captcha')
        .select(['id', 'createdTime'])
        .where('id', 'like', `${clientTag(ip)}%`)
        .orderBy('createdTime')
        .executeTakeFirstOrThrow();
      const past = Date.parse(String(oldest.createdTime)) - 61_000;
      await db
        .updateTable('captcha')
        .set({ createdTime: nowRfc3339(new Date(past)), expiresTime: nowRfc3339(new Date(past + 5 * 60_000)) })
        .where('id', '=', oldest.id)
        .execute();
      expect((await getCaptcha(secondUrl, ip, builtIn)).status).toBe(200);
      expect((await getCaptcha(secondUrl, ip, builtIn)).status).toBe(429);
    });
  });
}
