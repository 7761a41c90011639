import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import { CookieBrowser } from '../../test-support/browser.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { PASSKEY_ORIGIN, registerPasskey, SoftwareAuthenticator, signInWithPasskey } from '../../test-support/webauthn.js';

/**
 * Removing passkeys: POST /api/webauthn/delete-credential by the user or an administrator of the
 * user; update-user never changes the list (a form saved with an older copy must not undo a
 * registration or bring a removed credential back).
 */
describeEachDatabase(
  'passkey removal',
  (server) => {
    let team: Team;
    let other: Team;
    const first = new SoftwareAuthenticator();
    const second = new SoftwareAuthenticator();
    const credentials = async (): Promise<{ id: string }[]> =>
      (await team.admin.get('/api/get-user', { id: 'acme/worker' })).data.webauthnCredentials;

    beforeAll(async () => {
      team = await organizationTeam(server().url, 'acme');
      other = await organizationTeam(server().url, 'other');
      const worker = new CookieBrowser(server().url);
      await worker.login('worker', 'worker-pass', 'acme');
      expect(await registerPasskey(worker, first)).toMatchObject({ status: 'ok' });
      expect(await registerPasskey(worker, second)).toMatchObject({ status: 'ok' });
    });

    it('does not change the list through update-user, whoever saves', async () => {
      for (const client of [team.member, team.orgAdmin, team.admin]) {
        const stored = (await client.get('/api/get-user', { id: 'acme/worker' })).data;
        const forged = { ...stored.webauthnCredentials[0], id: Buffer.from('forged').toString('base64') };
        for (const list of [[], [forged]]) {
          const saved = await client.post('/api/update-user', { ...stored, webauthnCredentials: list }, { id: 'acme/worker' });
          expect(saved.status, saved.msg).toBe('ok');
        }
      }
      expect((await credentials()).map((c) => c.id)).toEqual([
        first.credentialId.toString('base64'),
        second.credentialId.toString('base64'),
      ]);
    });

    it('lets only the user and administrators of the user remove one', async () => {
      const target = { credentialID: first.credentialId.toString('base64') };
      for (const client of [other.orgAdmin, other.member]) {
        expect(await client.post('/api/webauthn/delete-credential', { ...target, id: 'acme/worker' })).toMatchObject({
          status: 'error',
          msg: 'Unauthorized operation',
        });
      }
      expect(await team.member.post('/api/webauthn/delete-credential', { ...target, id: 'acme/boss' })).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      expect(await team.orgAdmin.post('/api/webauthn/delete-credential', { ...target, id: 'acme/nobody' })).toMatchObject({
        status: 'error',
        msg: "The user: acme/nobody doesn't exist",
      });
      expect(await new CookieBrowser(server().url).post('/api/webauthn/delete-credential', target)).toMatchObject({
        status: 'error',
        msg: 'Please login first',
      });
      expect(await credentials()).toHaveLength(2);
    });

    it('removes the user’s own credential (Casdoor’s form), and an administrator removes one by its base64url ID', async () => {
      // Casdoor's console: a multipart form with the credential ID as stored (standard base64).
      const form = new FormData();
      form.append('credentialID', first.credentialId.toString('base64'));
      expect(await team.member.postForm('/api/webauthn/delete-credential', form)).toMatchObject({ status: 'ok' });
      expect((await credentials()).map((c) => c.id)).toEqual([second.credentialId.toString('base64')]);
      expect(await signInWithPasskey(new CookieBrowser(server().url), first)).toMatchObject({
        status: 'error',
        msg: 'This WebAuthn credential is not registered for any account here',
      });
      expect(await signInWithPasskey(new CookieBrowser(server().url), second)).toMatchObject({ status: 'ok' });

      const removed = { credentialID: first.id, id: 'acme/worker' };
      expect(await team.orgAdmin.post('/api/webauthn/delete-credential', removed)).toMatchObject({
        status: 'error',
        msg: `The user acme/worker has no WebAuthn credential ${first.id}`,
      });
      expect(await team.orgAdmin.post('/api/webauthn/delete-credential', { id: 'acme/worker' })).toMatchObject({
        status: 'error',
        msg: 'Missing parameter: credentialID',
      });
      expect(
        await team.orgAdmin.post('/api/webauthn/delete-credential', { credentialID: second.id, id: 'acme/worker' }),
      ).toMatchObject({ status: 'ok' });
      expect(await credentials()).toEqual([]);
      expect(
        await new CookieBrowser(server().url).getJson('/api/webauthn/signin/begin', { owner: 'acme', name: 'worker' }),
      ).toMatchObject({ status: 'error', msg: 'Found no credentials for this user' });
    });
  },
  { origin: PASSKEY_ORIGIN },
);
