import { expect, it } from 'vitest';
import { organizationTeam } from '../../test-support/accounts.js';
import { CookieBrowser } from '../../test-support/browser.js';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import {
  beginRegistration,
  PASSKEY_ORIGIN,
  PASSKEY_RP_ID,
  registerPasskey,
  SoftwareAuthenticator,
} from '../../test-support/webauthn.js';

/** Registering passkeys (WebAuthn credentials) for oneself, and removing them. */
describeEachDatabase(
  'passkey registration',
  (server) => {
    const browser = async (username: string, password: string, organization = 'acme') => {
      const client = new CookieBrowser(server().url);
      expect((await client.login(username, password, organization)).status).toBe('ok');
      return client;
    };
    const credentialsOf = async (client: CookieBrowser) => (await client.get('/api/get-account')).data.webauthnCredentials;

    it('registers a credential for the signed-in user, with Casdoor’s answers', async () => {
      await organizationTeam(server().url, 'acme');
      const worker = await browser('worker', 'worker-pass');
      const options = await beginRegistration(worker);
      const account = (await worker.get('/api/get-account')).data;
      expect(options).toMatchObject({
        rp: { id: PASSKEY_RP_ID },
        user: { id: Buffer.from(account.id).toString('base64url'), name: 'worker' },
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const authenticator = new SoftwareAuthenticator();
      const finished = await worker.post(
        '/api/webauthn/signup/finish',
        authenticator.register(options, { origin: PASSKEY_ORIGIN }),
      );
      expect(finished).toMatchObject({ status: 'ok' });
      const [stored] = await credentialsOf(worker);
      // go-webauthn's Credential: byte fields in standard base64.
      expect(stored).toMatchObject({
        id: authenticator.credentialId.toString('base64'),
        attestationType: 'none',
        transport: ['internal'],
        flags: { userPresent: true, userVerified: true },
        authenticator: { AAGUID: Buffer.alloc(16).toString('base64'), signCount: 0, cloneWarning: false, attachment: 'platform' },
      });
      expect(stored.publicKey.length).toBeGreaterThan(80);
      expect(Date.parse(stored.createdTime)).toBeGreaterThan(Date.now() - 60_000);
      expect(authenticator.handle).toBe(account.id);

      // The next registration excludes it, and the same credential is not registered twice.
      const again = await beginRegistration(worker);
      expect(again.excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
      expect(
        await worker.post('/api/webauthn/signup/finish', authenticator.register(again, { origin: PASSKEY_ORIGIN })),
      ).toMatchObject({ status: 'error', msg: 'This WebAuthn credential is already registered for your account' });
      expect(await registerPasskey(worker, new SoftwareAuthenticator())).toMatchObject({ status: 'ok' });
      expect(await credentialsOf(worker)).toHaveLength(2);
    });

    it('uses each challenge once, in the browser and for the user it was issued to', async () => {
      const worker = await browser('worker', 'worker-pass');
      const authenticator = new SoftwareAuthenticator();
      const options = await beginRegistration(worker);
      const response = authenticator.register(options, { origin: PASSKEY_ORIGIN });
      const missing = 'No WebAuthn request is under way in this browser, or it has expired or been used: please start again';

      // Another browser of the same user has no challenge of its own.
      const elsewhere = await browser('worker', 'worker-pass');
      expect(await elsewhere.post('/api/webauthn/signup/finish', response)).toMatchObject({ status: 'error', msg: missing });
      // The challenge's cookie signed in as another user of this browser does not carry it over.
      const boss = await browser('boss', 'boss-pass');
      for (const [name, value] of worker.cookies) if (name !== 'gatehouse_session') boss.cookies.set(name, value);
      expect(await boss.post('/api/webauthn/signup/finish', response)).toMatchObject({ status: 'error', msg: missing });
      // Taken by that attempt: even its own browser cannot finish with it now.
      expect(await worker.post('/api/webauthn/signup/finish', response)).toMatchObject({ status: 'error', msg: missing });
      expect(await credentialsOf(worker)).toHaveLength(2);

      const fresh = await beginRegistration(worker);
      const accepted = authenticator.register(fresh, { origin: PASSKEY_ORIGIN });
      expect(await worker.post('/api/webauthn/signup/finish', accepted)).toMatchObject({ status: 'ok' });
      expect(await worker.post('/api/webauthn/signup/finish', accepted)).toMatchObject({ status: 'error', msg: missing });
      expect(await credentialsOf(worker)).toHaveLength(3);
    });

    it('refuses responses for another site, challenge or ceremony, and changes nothing', async () => {
      const worker = await browser('worker', 'worker-pass');
      const cases = [
        [{ origin: 'https://evil.test' }, 'Unexpected registration response origin'],
        [{ rpId: 'evil.test' }, 'Unexpected RP ID hash'],
        [{ challenge: 'c2VlbiBiZWZvcmU' }, 'Unexpected registration response challenge'],
        [{ type: 'webauthn.get' }, 'Unexpected registration response type'],
      ] as const;
      for (const [ceremony, detail] of cases) {
        const refused = await registerPasskey(worker, new SoftwareAuthenticator(), ceremony);
        expect(refused.status).toBe('error');
        expect(refused.msg).toContain('The WebAuthn credential could not be registered: ');
        expect(refused.msg).toContain(detail);
      }
      await beginRegistration(worker);
      expect(await worker.post('/api/webauthn/signup/finish', { id: 'x', type: 'public-key' })).toMatchObject({
        status: 'error',
        msg: 'The WebAuthn response is malformed: rawId: Invalid input: expected string, received undefined',
      });
      expect(await credentialsOf(worker)).toHaveLength(3);
    });

    it('registers only for oneself, signed in through the console', async () => {
      const anonymous = new CookieBrowser(server().url);
      expect(await anonymous.getJson('/api/webauthn/signup/begin')).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect(await anonymous.post('/api/webauthn/signup/finish', {})).toMatchObject({
        status: 'error',
        msg: 'Please login first',
      });
      // An administrator naming another user still registers their own credential: there is no way to name one.
      const admin = await browser('admin', ADMIN_PASSWORD, 'built-in');
      const options = await beginRegistration(admin);
      expect(options.user.name).toBe('admin');
      const forAdmin = await admin.getJson('/api/webauthn/signup/begin', { owner: 'acme', name: 'worker', id: 'acme/worker' });
      expect(forAdmin).toMatchObject({ publicKey: { user: { name: 'admin' } } });
      // Casdoor's console posts the credential without the extras of newer browsers' JSON.
      const casdoor = new SoftwareAuthenticator().register(await beginRegistration(admin), { origin: PASSKEY_ORIGIN });
      const { transports: _transports, ...response } = casdoor.response;
      const body = { id: casdoor.id, rawId: casdoor.rawId, type: casdoor.type, response };
      expect(await admin.post('/api/webauthn/signup/finish', body)).toMatchObject({ status: 'ok' });
      expect(await credentialsOf(admin)).toHaveLength(1);

      // An application holding the user's access token may not add a way into the account.
      const api = new ApiClient(server().url);
      await api.login('admin', ADMIN_PASSWORD);
      const app = await createOAuthApplication(api, 'token-holder', { organization: 'acme' });
      const grant = await fetch(`${server().url}/api/login/oauth/access_token`, {
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
      const bearer = { authorization: `Bearer ${grant.access_token}` };
      // The token is good for the user's account ...
      const account = await fetch(`${server().url}/api/get-account`, { headers: bearer }).then((r) => r.json());
      expect(account).toMatchObject({ status: 'ok', name: 'worker' });
      // ... but not for registering a passkey.
      const begin = await fetch(`${server().url}/api/webauthn/signup/begin`, { headers: bearer }).then((r) => r.json());
      expect(begin).toMatchObject({ status: 'error', msg: 'Please login first' });
      const worker = await browser('worker', 'worker-pass');
      expect(await credentialsOf(worker)).toHaveLength(3);
    });
  },
  { origin: PASSKEY_ORIGIN },
);
