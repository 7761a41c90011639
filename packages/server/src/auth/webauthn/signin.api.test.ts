import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import { CookieBrowser } from '../../test-support/browser.js';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, REDIRECT_URI } from '../../test-support/oidc.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import {
  beginSignin,
  PASSKEY_ORIGIN,
  PASSKEY_RP_ID,
  registerPasskey,
  SoftwareAuthenticator,
  signInWithPasskey,
} from '../../test-support/webauthn.js';
import { BEGIN_LIMIT_PER_MINUTE } from './challenges.js';

/** Signing in with a passkey: the ceremony, and the rules a password sign-in follows too. */
describeEachDatabase(
  'passkey sign-in',
  (server) => {
    let team: Team;
    const key = new SoftwareAuthenticator();
    const anonymous = () => new CookieBrowser(server().url);
    const signCount = async () => {
      const worker = (await team.admin.get('/api/get-user', { id: 'acme/worker' })).data;
      return worker.webauthnCredentials[0].authenticator.signCount;
    };
    const updateWorker = async (fields: Record<string, unknown>) => {
      const worker = (await team.admin.get('/api/get-user', { id: 'acme/worker' })).data;
      const updated = await team.admin.post('/api/update-user', { ...worker, ...fields }, { id: 'acme/worker' });
      expect(updated.status, updated.msg).toBe('ok');
    };

    beforeAll(async () => {
      team = await organizationTeam(server().url, 'acme');
      const worker = new CookieBrowser(server().url);
      await worker.login('worker', 'worker-pass', 'acme');
      expect(await registerPasskey(worker, key)).toMatchObject({ status: 'ok' });
    });

    it('signs in a named user with their passkey, then with a discoverable one, counting signatures', async () => {
      const browser = anonymous();
      const options = await beginSignin(browser, { owner: 'acme', name: 'worker' });
      expect(options).toMatchObject({
        rpId: PASSKEY_RP_ID,
        userVerification: 'preferred',
        allowCredentials: [{ id: key.id, type: 'public-key', transports: ['internal'] }],
      });
      const assertion = key.assert(options, { origin: PASSKEY_ORIGIN });
      expect(await browser.post('/api/webauthn/signin/finish', assertion, { responseType: 'login' })).toMatchObject({
        status: 'ok',
        data: 'acme/worker',
      });
      expect((await browser.get('/api/get-account')).data).toMatchObject({ owner: 'acme', name: 'worker' });
      expect(await signCount()).toBe(1);

      // Without a name: the authenticator's user handle says whose passkey it is.
      const discoverable = anonymous();
      const open = await beginSignin(discoverable);
      expect(open.allowCredentials ?? []).toEqual([]);
      expect(
        await discoverable.post('/api/webauthn/signin/finish', key.assert(open, { origin: PASSKEY_ORIGIN }), {
          responseType: 'login',
        }),
      ).toMatchObject({ status: 'ok', data: 'acme/worker' });
      expect(await signCount()).toBe(2);

      // An assertion signs in once: its challenge is gone, and a new challenge is not the one it signed.
      const missing = 'No WebAuthn request is under way in this browser, or it has expired or been used: please start again';
      expect(await browser.post('/api/webauthn/signin/finish', assertion)).toMatchObject({ status: 'error', msg: missing });
      await beginSignin(browser, { owner: 'acme', name: 'worker' });
      const replayed = await browser.post('/api/webauthn/signin/finish', assertion);
      expect(replayed.msg).toContain(
        'The WebAuthn credential could not be verified: Unexpected authentication response challenge',
      );

      // A copy of the authenticator shows an old counter: refused.
      const counter = key.counter;
      key.counter = 0;
      const cloned = await signInWithPasskey(anonymous(), key, { owner: 'acme', name: 'worker' });
      expect(cloned.msg).toContain('Response counter value 1 was lower than expected 2');
      key.counter = counter;
      expect(await signCount()).toBe(2);
    });

    it('answers an authorization request with a code, as /api/login does', async () => {
      const app = await createOAuthApplication(team.admin, 'passkey-app', { organization: 'acme' });
      const query = {
        responseType: 'code',
        clientId: app.clientId,
        redirectUri: REDIRECT_URI,
        scope: 'openid profile',
        state: 'passkey-state',
        nonce: 'n-1',
      };
      const answer = await signInWithPasskey(anonymous(), key, { query });
      expect(answer.status, answer.msg).toBe('ok');
      const token = await new ApiClient(server().url).raw('POST', '/api/login/oauth/access_token', {
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: String(answer.data),
          client_id: app.clientId,
          client_secret: app.clientSecret,
          redirect_uri: REDIRECT_URI,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const { access_token: accessToken } = await token.json();
      const claims = JSON.parse(Buffer.from(String(accessToken).split('.')[1] ?? '', 'base64url').toString());
      expect(claims).toMatchObject({ owner: 'acme', name: 'worker', nonce: 'n-1' });

      // An application of another organization does not sign its users in.
      const other = await createOAuthApplication(team.admin, 'built-in-app');
      const refused = await signInWithPasskey(anonymous(), key, { query: { ...query, clientId: other.clientId } });
      expect(refused).toMatchObject({
        status: 'error',
        msg: 'The user does not belong to the organization of the application "built-in-app"',
      });
    });

    it("follows the application's sign-in methods and refuses foreign or unknown passkeys", async () => {
      await team.admin.post('/api/add-application', {
        owner: 'admin',
        name: 'no-passkeys',
        organization: 'acme',
        signinMethods: [{ name: 'Password', displayName: 'Password', rule: 'All' }],
      });
      expect(
        await signInWithPasskey(anonymous(), key, { query: { responseType: 'login', application: 'no-passkeys' } }),
      ).toMatchObject({ status: 'error', msg: 'The login method: login with WebAuthn is not enabled for the application' });

      const stranger = new SoftwareAuthenticator();
      expect(await signInWithPasskey(anonymous(), stranger, { owner: 'acme', name: 'worker' })).toMatchObject({
        status: 'error',
        msg: 'This WebAuthn credential is not registered for any account here',
      });
      const elsewhere = await signInWithPasskey(anonymous(), key, { ceremony: { origin: 'https://evil.test' } });
      expect(elsewhere.msg).toContain('Unexpected authentication response origin "https://evil.test"');
      const otherRp = await signInWithPasskey(anonymous(), key, { ceremony: { rpId: 'evil.test' } });
      expect(otherRp.msg).toContain('Unexpected RP ID hash');

      expect(await anonymous().getJson('/api/webauthn/signin/begin', { owner: 'acme', name: 'nobody' })).toMatchObject({
        status: 'error',
        msg: "The user: acme/nobody doesn't exist",
      });
      expect(await anonymous().getJson('/api/webauthn/signin/begin', { owner: 'acme', name: 'boss' })).toMatchObject({
        status: 'error',
        msg: 'Found no credentials for this user',
      });
      expect(await anonymous().post('/api/webauthn/signin/finish', {})).toMatchObject({
        status: 'error',
        msg: 'No WebAuthn request is under way in this browser, or it has expired or been used: please start again',
      });
    });

    it('refuses a forbidden user, an address outside the whitelists and a frozen account', async () => {
      await updateWorker({ isForbidden: true });
      expect(await signInWithPasskey(anonymous(), key, { owner: 'acme', name: 'worker' })).toMatchObject({
        status: 'error',
        msg: 'The user is forbidden to sign in, please contact the administrator',
      });
      await updateWorker({ isForbidden: false, ipWhitelist: '192.0.2.0/24' });
      expect(await signInWithPasskey(anonymous(), key)).toMatchObject({
        status: 'error',
        msg: 'Your IP address: 127.0.0.1 has been banned according to the configuration of: worker',
      });
      await updateWorker({ ipWhitelist: '' });

      // Wrong passwords freeze the account for every way of signing in.
      for (let i = 0; i < 5; i += 1) await new ApiClient(server().url).login('worker', 'wrong', 'acme');
      expect(await signInWithPasskey(anonymous(), key)).toMatchObject({
        status: 'error',
        msg: 'You have entered the wrong password or code too many times, please wait for 15 minutes and try again',
      });
      expect(await anonymous().get('/api/get-account')).toMatchObject({ status: 'error' });
    });

    // Last: it spends this address's ceremonies for a minute.
    it('begins at most BEGIN_LIMIT_PER_MINUTE ceremonies a minute for one address', async () => {
      const begin = () => fetch(`${server().url}/api/webauthn/signin/begin?owner=acme&name=worker`);
      let refused: Response | undefined;
      for (let i = 0; i <= BEGIN_LIMIT_PER_MINUTE && !refused; i += 1) {
        const response = await begin();
        if (response.status !== 200) refused = response;
      }
      expect(refused?.status).toBe(429);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await refused?.json()).toMatchObject({
        status: 'error',
        msg: `Too many WebAuthn requests came from your address (at most ${BEGIN_LIMIT_PER_MINUTE} a minute), please try again later`,
      });
    });
  },
  { origin: PASSKEY_ORIGIN },
);
