import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  builtInCertificate,
  type CasdoorSdk,
  expectAffected,
  namesOf,
  type Row,
  recordOf,
  rowsOf,
  type SdkApplication,
  sdkFor,
  sdkRecord,
} from '../../test-support/casdoor-sdk.js';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, postTokenEndpoint } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'sdk-sess';
/** Fields of a user that are secrets: no token carries them (docs/casdoor-compatibility.md). */
const SECRET_FIELDS = ['password', 'passwordSalt', 'accessKey', 'accessSecret', 'totpSecret', 'recoveryCodes', 'mfaItems'];

/**
 * Tokens, sessions and webhooks through casdoor-nodejs-sdk, with the client credentials of an
 * application of the built-in organization (a global administrator, as in Casdoor).
 */
describeEachDatabase('casdoor-nodejs-sdk: tokens, sessions, webhooks', (server) => {
  let admin: ApiClient;
  let app: SdkApplication;
  /** The SDK of the built-in organization (tokens are of its application and user). */
  let builtIn: CasdoorSdk;
  /** The same application's SDK configured for ORG. */
  let sdk: CasdoorSdk;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
    app = await createOAuthApplication(admin, 'sdk-tokens-app');
    const certificate = await builtInCertificate(admin);
    builtIn = sdkFor(server().url, app, 'built-in', certificate);
    sdk = sdkFor(server().url, app, ORG, certificate);
    expect((await admin.post('/api/add-organization', { owner: 'admin', name: ORG })).status).toBe('ok');
    expect((await admin.post('/api/add-application', { owner: 'admin', name: 'sess-app', organization: ORG })).status).toBe('ok');
  });

  /** An access token of `name` (built-in) from the password grant of the SDK's application. */
  async function passwordGrant(name: string, password: string) {
    const response = await postTokenEndpoint(server().url, {
      grant_type: 'password',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      username: name,
      password,
      scope: 'openid profile',
    });
    const body = (await response.json()) as { access_token: string; refresh_token: string };
    expect(body.access_token).toBeTruthy();
    return body;
  }

  describe('tokens', () => {
    let accessToken: string;

    beforeAll(async () => {
      expectAffected(
        await builtIn.addUser(sdkRecord({ owner: 'built-in', name: 'tina', displayName: 'Tina', password: 'tina-pass-1' })),
      );
      // Plant secrets on the user: an API key pair (accessKey, accessSecret).
      expect((await admin.post('/api/add-user-keys', { owner: 'built-in', name: 'tina' })).status).toBe('ok');
      accessToken = (await passwordGrant('tina', 'tina-pass-1')).access_token;
    });

    it('parseJwtToken verifies the access token with the cert and reads the profile, never a secret', () => {
      const user = builtIn.parseJwtToken(accessToken) as unknown as Row;
      expect(user).toMatchObject({ owner: 'built-in', name: 'tina', displayName: 'Tina', tokenType: 'access-token' });
      // Deliberate difference: Casdoor's JWT carries the whole user (password blanked, but the
      // access key pair, TOTP secret and recovery codes included); Gatehouse's only released fields.
      for (const field of SECRET_FIELDS) expect(user, field).not.toHaveProperty(field);
      expect(JSON.stringify(user)).not.toMatch(/"accessSecret"|"passwordSalt"/);
    });

    it('lists tokens a page at a time (getTokens(p, pageSize): data2 = total) and reads one', async () => {
      const page = answerOf(await builtIn.getTokens(1, 1));
      expect(page.status, page.msg).toBe('ok');
      expect(page.data).toHaveLength(1);
      expect(Number(page.data2)).toBeGreaterThanOrEqual(1);
      const all = rowsOf(await builtIn.getTokens(1, 100));
      const issued = all.find((t) => t.user === 'tina' && t.application === app.name);
      expect(issued).toMatchObject({ owner: 'admin', organization: 'built-in', tokenType: 'Bearer' });
      const one = recordOf(await builtIn.getToken(String(issued?.name)));
      expect(one).toMatchObject({ owner: 'admin', name: issued?.name, user: 'tina', application: app.name });
      // As in Casdoor, an administrator reads the access token of the record; what the server keeps
      // to find tokens (their hashes) and the refresh token never come back.
      expect(one?.accessToken).toBe(accessToken);
      for (const field of ['refreshToken', 'refreshTokenHash', 'accessTokenHash', 'codeChallenge']) {
        expect(one, field).not.toHaveProperty(field);
      }
    });

    it('adds, updates and deletes a token record (owner admin)', async () => {
      expectAffected(
        await builtIn.addToken(
          sdkRecord({
            owner: 'admin',
            name: 'sdk-manual-token',
            application: app.name,
            organization: 'built-in',
            user: 'tina',
            expiresIn: 3600,
            scope: 'read',
            tokenType: 'Bearer',
          }),
        ),
        'addToken',
      );
      const token = recordOf(await builtIn.getToken('sdk-manual-token'));
      expect(token).toMatchObject({ owner: 'admin', name: 'sdk-manual-token', user: 'tina', scope: 'read', expiresIn: 3600 });
      expectAffected(
        await builtIn.updateToken(sdkRecord({ ...token, owner: 'admin', name: 'sdk-manual-token', scope: 'read write' })),
      );
      expect(recordOf(await builtIn.getToken('sdk-manual-token'))).toMatchObject({ scope: 'read write' });
      expectAffected(await builtIn.deleteToken(sdkRecord({ owner: 'admin', name: 'sdk-manual-token' })), 'deleteToken');
      expect(recordOf(await builtIn.getToken('sdk-manual-token'))).toBeNull();
    });

    it('introspects a token (form post, Basic client authentication); a deleted token is no longer active', async () => {
      const { access_token } = await passwordGrant('tina', 'tina-pass-1');
      const active = await builtIn.introspect(access_token, 'access_token');
      expect(active.data).toMatchObject({ active: true, client_id: app.clientId, username: 'tina' });
      // Deleting the token records of tina (deleteToken) ends the token.
      for (const token of rowsOf(await builtIn.getTokens(1, 100)).filter((t) => t.user === 'tina')) {
        expectAffected(await builtIn.deleteToken(sdkRecord({ owner: 'admin', name: String(token.name) })));
      }
      expect((await builtIn.introspect(access_token, 'access_token')).data).toMatchObject({ active: false });
    });
  });

  describe('sessions', () => {
    beforeAll(async () => {
      expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name: 'sam', password: 'sam-pass-1' })));
    });

    it("records an application's sessions (add, get, list, update, delete)", async () => {
      const key = { owner: ORG, name: 'sam', application: 'sess-app' };
      expectAffected(
        await sdk.addSession({ ...key, createdTime: new Date().toISOString(), sessionId: ['app-sid-1', 'app-sid-2'] }),
        'addSession',
      );
      expect(recordOf(await sdk.getSession('sam', 'sess-app'))).toMatchObject({ ...key, sessionId: ['app-sid-1', 'app-sid-2'] });
      const listed = rowsOf(await sdk.getSessions());
      expect(listed.find((s) => s.name === 'sam' && s.application === 'sess-app')).toMatchObject({
        sessionId: ['app-sid-1', 'app-sid-2'],
      });

      const session = recordOf(await sdk.getSession('sam', 'sess-app')) as Row;
      expectAffected(
        await sdk.updateSession({ ...key, createdTime: String(session.createdTime), sessionId: ['app-sid-3'] }),
        'updateSession',
      );
      expect(recordOf(await sdk.getSession('sam', 'sess-app'))).toMatchObject({ sessionId: ['app-sid-3'] });

      expectAffected(await sdk.deleteSession({ ...key, createdTime: '' }), 'deleteSession');
      expect(recordOf(await sdk.getSession('sam', 'sess-app'))).toBeNull();
      expect(rowsOf(await sdk.getSessions()).filter((s) => s.application === 'sess-app')).toEqual([]);
    });

    it("lists a user's console sign-in as a session of app-built-in", async () => {
      const browser = new ApiClient(server().url);
      expect((await browser.login('sam', 'sam-pass-1', ORG)).status).toBe('ok');
      const session = recordOf(await sdk.getSession('sam', 'app-built-in')) as Row;
      expect(session).toMatchObject({ owner: ORG, name: 'sam', application: 'app-built-in' });
      expect(session.sessionId).toHaveLength(1);
      // Deleting it signs the browser out.
      expectAffected(await sdk.deleteSession({ owner: ORG, name: 'sam', application: 'app-built-in', createdTime: '' }));
      expect((await browser.get('/api/get-account')).status).toBe('error');
    });
  });

  describe('webhooks', () => {
    it('adds a webhook with owner = orgName (as the SDK does), lists, reads, updates and deletes it', async () => {
      expectAffected(
        await sdk.addWebhook(
          sdkRecord({
            owner: 'ignored',
            name: 'corp-hook',
            organization: ORG,
            url: 'https://hooks.corp.example/in',
            method: 'POST',
            contentType: 'application/json',
            events: ['signup', 'login'],
            isUserExtended: false,
            isEnabled: true,
          }),
        ),
        'addWebhook',
      );
      expect(namesOf(await sdk.getWebhooks())).toEqual(['corp-hook']);
      const hook = recordOf(await sdk.getWebhook('corp-hook'));
      expect(hook).toMatchObject({
        owner: ORG,
        name: 'corp-hook',
        organization: ORG,
        url: 'https://hooks.corp.example/in',
        events: ['signup', 'login'],
      });

      expectAffected(
        await sdk.updateWebhook(sdkRecord({ ...hook, owner: ORG, name: 'corp-hook', events: ['logout'], isEnabled: false })),
        'updateWebhook',
      );
      expect(recordOf(await sdk.getWebhook('corp-hook'))).toMatchObject({ events: ['logout'], isEnabled: false, owner: ORG });

      expectAffected(await sdk.deleteWebhook(sdkRecord({ owner: ORG, name: 'corp-hook' })), 'deleteWebhook');
      expect(recordOf(await sdk.getWebhook('corp-hook'))).toBeNull();
      expect(namesOf(await sdk.getWebhooks())).toEqual([]);
    });
  });
});
