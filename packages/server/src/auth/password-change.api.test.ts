import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { createOAuthApplication, refreshGrant } from '../test-support/oidc.js';
import { describeEachDatabase } from '../test-support/suite.js';

/** A password changes only through POST /api/set-password, and a change ends what the old one opened. */
describeEachDatabase('password changes', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'pwd-org');
  });

  const signsIn = async (name: string, password: string) =>
    (await new ApiClient(server().url).login(name, password, 'pwd-org')).status === 'ok';

  describe('POST /api/update-user', () => {
    it('refuses a new password from the user themselves and changes nothing', async () => {
      const self = (await team.member.get('/api/get-user', { id: 'pwd-org/worker' })).data;
      const answer = await team.member.post(
        '/api/update-user',
        { ...self, password: 'taken-over', displayName: 'Changed' },
        { id: 'pwd-org/worker' },
      );
      expect(answer).toMatchObject({
        status: 'error',
        code: 'passwordOnlyThroughSetPassword',
        msg: 'The password can only be changed with Set password (POST /api/set-password)',
      });
      expect(await signsIn('worker', 'worker-pass')).toBe(true);
      expect(await signsIn('worker', 'taken-over')).toBe(false);
      expect((await team.member.get('/api/get-user', { id: 'pwd-org/worker' })).data.displayName).not.toBe('Changed');
    });

    it('refuses a new password from an administrator too', async () => {
      const worker = (await team.admin.get('/api/get-user', { id: 'pwd-org/worker' })).data;
      const answer = await team.admin.post('/api/update-user', { ...worker, password: 'set-by-admin' }, { id: 'pwd-org/worker' });
      expect(answer).toMatchObject({ status: 'error', code: 'passwordOnlyThroughSetPassword' });
      expect(await signsIn('worker', 'worker-pass')).toBe(true);
    });

    it('accepts the record sent back with the masked or an empty password', async () => {
      const self = (await team.member.get('/api/get-user', { id: 'pwd-org/worker' })).data;
      expect(self.password).toBe('***');
      expect((await team.member.post('/api/update-user', { ...self, bio: 'masked' }, { id: 'pwd-org/worker' })).status).toBe(
        'ok',
      );
      expect(
        (await team.member.post('/api/update-user', { ...self, password: '', bio: 'empty' }, { id: 'pwd-org/worker' })).status,
      ).toBe('ok');
      expect(await signsIn('worker', 'worker-pass')).toBe(true);
    });
  });

  describe('POST /api/set-password', () => {
    it('asks an administrator changing their own password for the old one', async () => {
      const withoutOld = await team.orgAdmin.post('/api/set-password', {
        userOwner: 'pwd-org',
        userName: 'boss',
        newPassword: 'boss-pass-2',
      });
      expect(withoutOld).toMatchObject({ status: 'error', msg: 'The old password is wrong' });
      expect(await signsIn('boss', 'boss-pass')).toBe(true);
      const withOld = await team.orgAdmin.post('/api/set-password', {
        userOwner: 'pwd-org',
        userName: 'boss',
        oldPassword: 'boss-pass',
        newPassword: 'boss-pass-2',
      });
      expect(withOld.status).toBe('ok');
      expect(await signsIn('boss', 'boss-pass-2')).toBe(true);
    });

    it("ends the user's other sessions and revokes their access and refresh tokens", async () => {
      const app = await createOAuthApplication(team.admin, 'pwd-app', { organization: 'pwd-org' });
      await team.admin.post('/api/add-user', { owner: 'pwd-org', name: 'rita', password: 'rita-pass' });
      const browser = new ApiClient(server().url);
      await browser.login('rita', 'rita-pass', 'pwd-org');
      const tokens = await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          client_id: app.clientId,
          client_secret: app.clientSecret,
          username: 'rita',
          password: 'rita-pass',
          scope: 'openid offline_access',
        }),
      }).then((r) => r.json());
      expect(tokens.refresh_token).toBeTruthy();
      const bearer = { authorization: `Bearer ${tokens.access_token}` };
      expect(await (await fetch(`${server().url}/api/get-account`, { headers: bearer })).json()).toMatchObject({ status: 'ok' });

      const changed = await team.orgAdmin.post('/api/set-password', {
        userOwner: 'pwd-org',
        userName: 'rita',
        newPassword: 'rita-pass-2',
      });
      expect(changed.status).toBe('ok');

      expect((await browser.get('/api/get-account')).status).toBe('error');
      expect(await (await fetch(`${server().url}/api/get-account`, { headers: bearer })).json()).toMatchObject({
        code: 'pleaseLogin',
      });
      const refreshed = await refreshGrant(server().url, app, tokens.refresh_token);
      expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    });
  });
});
