import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { createOAuthApplication } from '../test-support/oidc.js';
import { describeEachDatabase } from '../test-support/suite.js';

/** ipWhitelist of organizations, applications and users: validated on save, enforced at sign-in. */
describeEachDatabase('IP whitelists', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'ip-org');
  });

  const organization = async () => (await team.admin.get('/api/get-organization', { id: 'admin/ip-org' })).data;
  const setOrgList = async (ipWhitelist: string) =>
    team.admin.post('/api/update-organization', { ...(await organization()), ipWhitelist }, { id: 'admin/ip-org' });

  describe('on save', () => {
    it('refuses anything but a comma-separated list of IP addresses and CIDR ranges, changing nothing', async () => {
      expect(await setOrgList('10.0.0.0/8, localhost')).toMatchObject({
        status: 'error',
        code: 'fieldIpList',
        msg: 'ipWhitelist must be a comma-separated list of IP addresses and CIDR ranges; "localhost" is neither',
      });
      expect((await organization()).ipWhitelist).toBe('');
      const user = (await team.admin.get('/api/get-user', { id: 'ip-org/worker' })).data;
      expect(
        await team.admin.post('/api/update-user', { ...user, ipWhitelist: '300.1.1.1' }, { id: 'ip-org/worker' }),
      ).toMatchObject({ code: 'fieldIpList' });
      expect((await setOrgList('10.0.0.0/8, 2001:db8::/32')).status).toBe('ok');
      expect((await setOrgList('')).status).toBe('ok');
    });
  });

  describe('at sign-in', () => {
    it("refuses an address outside the organization's list with Casdoor's message, and accepts one inside", async () => {
      expect((await setOrgList('10.0.0.0/8')).status).toBe('ok');
      const refused = await new ApiClient(server().url).login('worker', 'worker-pass', 'ip-org');
      expect(refused).toMatchObject({
        status: 'error',
        code: 'ipNotAllowed',
        msg: 'Your IP address: 127.0.0.1 has been banned according to the configuration of: ip-org',
      });
      expect((await setOrgList('10.0.0.0/8, 127.0.0.1, ::1')).status).toBe('ok');
      expect((await new ApiClient(server().url).login('worker', 'worker-pass', 'ip-org')).status).toBe('ok');
      expect((await setOrgList('')).status).toBe('ok');
    });

    it("refuses the password grant outside the application's list", async () => {
      const app = await createOAuthApplication(team.admin, 'ip-app', { organization: 'ip-org', ipWhitelist: '192.0.2.0/24' });
      const grant = () =>
        fetch(`${server().url}/api/login/oauth/access_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_type: 'password',
            client_id: app.clientId,
            client_secret: app.clientSecret,
            username: 'worker',
            password: 'worker-pass',
          }),
        }).then((r) => r.json());
      expect(await grant()).toMatchObject({
        error: 'invalid_grant',
        error_description: 'Your IP address: 127.0.0.1 has been banned according to the configuration of: ip-app',
      });
      const stored = (await team.admin.get('/api/get-application', { id: 'admin/ip-app' })).data;
      await team.admin.post('/api/update-application', { ...stored, ipWhitelist: '' }, { id: 'admin/ip-app' });
      expect((await grant()).access_token).toBeTruthy();
    });
  });
});

describeEachDatabase('URL fields', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'url-org');
  });

  it('refuse javascript: and other non-http(s) links, changing nothing', async () => {
    const user = (await team.member.get('/api/get-user', { id: 'url-org/worker' })).data;
    expect(
      await team.member.post('/api/update-user', { ...user, avatar: 'javascript:alert(1)' }, { id: 'url-org/worker' }),
    ).toMatchObject({
      status: 'error',
      code: 'fieldImageUrl',
      msg: 'avatar must be an http:// or https:// address, a path on this server or a data:image; "javascript:alert(1)" is none of them',
    });
    expect(
      await team.member.post('/api/update-user', { ...user, homepage: 'javascript:alert(1)' }, { id: 'url-org/worker' }),
    ).toMatchObject({ code: 'fieldUrlScheme' });
    const org = (await team.admin.get('/api/get-organization', { id: 'admin/url-org' })).data;
    expect(
      await team.admin.post('/api/update-organization', { ...org, websiteUrl: 'javascript:alert(1)' }, { id: 'admin/url-org' }),
    ).toMatchObject({ code: 'fieldUrlScheme' });
    expect(
      await team.admin.post('/api/add-application', {
        owner: 'admin',
        name: 'bad-logo',
        organization: 'url-org',
        logo: 'vbscript:x',
      }),
    ).toMatchObject({
      code: 'fieldImageUrl',
    });
    const after = (await team.member.get('/api/get-user', { id: 'url-org/worker' })).data;
    expect([after.avatar, after.homepage]).toEqual([user.avatar, user.homepage]);
    expect(
      (await team.member.post('/api/update-user', { ...user, homepage: 'https://example.com/me' }, { id: 'url-org/worker' }))
        .status,
    ).toBe('ok');
  });
});
