import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, REDIRECT_URI } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const APP_ID = 'admin/consent-app';
const CUSTOM_SCOPES = [
  { scope: 'files:read', displayName: 'Read your files', description: 'See the files you stored' },
  { scope: 'files:write', displayName: 'Change your files', description: 'Add, change and delete your files' },
];

/**
 * The consent step of OAuth 2.0 / OpenID Connect, as Casdoor has it: a request for one of the
 * application's custom scopes that the user has not granted it yet answers {required: true} at
 * POST /api/login; POST /api/grant-consent records the grant and answers the code; POST
 * /api/revoke-consent takes it back. openid-client is the relying party.
 */
describeEachDatabase('OAuth consent', (server) => {
  let admin: ApiClient;
  let config: oidc.Configuration;
  let clientId: string;
  const insecure = { execute: [oidc.allowInsecureRequests] };

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    for (const name of ['alice', 'bob']) {
      const added = await admin.post('/api/add-user', {
        owner: 'built-in',
        name,
        email: `${name}@example.com`,
        password: `${name}-pass`,
      });
      expect(added.status).toBe('ok');
    }
    // No sign-in session of its own: the consent step opens one for the consent screen.
    const app = await createOAuthApplication(admin, 'consent-app', {
      customScopes: CUSTOM_SCOPES,
      enableSigninSession: false,
      tokenFormat: 'JWT-Standard',
    });
    clientId = app.clientId;
    config = await oidc.discovery(new URL(server().url), app.clientId, undefined, oidc.None(), insecure);
  });

  /** An authorization request of a public client with PKCE, as openid-client builds it. */
  async function authorization(scope: string, extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    const q = url.searchParams;
    const params: Record<string, string> = {};
    for (const key of ['client_id', 'response_type', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge']) {
      params[key] = q.get(key) ?? '';
    }
    params.code_challenge_method = 'S256';
    if (q.get('prompt')) params.prompt = q.get('prompt') as string;
    return { verifier, state, nonce, params };
  }

  type Request = Awaited<ReturnType<typeof authorization>>;

  /** What the authorization page does first: validate, then POST /api/login with the request in the query. */
  async function signIn(browser: ApiClient, req: Request, user?: string) {
    expect((await browser.get('/api/get-app-login', req.params)).status).toBe('ok');
    const body = user
      ? { type: req.params.response_type, organization: 'built-in', username: user, password: `${user}-pass`, autoSignin: true }
      : { type: req.params.response_type };
    return browser.post('/api/login', body, req.params);
  }

  /** The consent screen's Allow: Casdoor's grant-consent body. */
  function grant(browser: ApiClient, req: Request, grantedScopes: unknown, overrides: Record<string, unknown> = {}) {
    return browser.post('/api/grant-consent', {
      application: APP_ID,
      grantedScopes,
      clientId: req.params.client_id,
      provider: '',
      signinMethod: '',
      responseType: req.params.response_type,
      redirectUri: req.params.redirect_uri,
      scope: req.params.scope,
      state: req.params.state,
      nonce: req.params.nonce,
      challenge: req.params.code_challenge,
      resource: '',
      ...overrides,
    });
  }

  /** Redeems a code with openid-client: state, nonce, PKCE and the ID token are all checked. */
  function redeem(req: Request, code: unknown) {
    const back = new URL(REDIRECT_URI);
    back.searchParams.set('code', String(code));
    back.searchParams.set('state', req.state);
    return oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: req.verifier,
      expectedState: req.state,
      expectedNonce: req.nonce,
    });
  }

  async function grantsOf(user: string) {
    const found = await admin.get('/api/get-user', { id: `built-in/${user}` });
    return found.data.applicationScopes as { application: string; grantedScopes: string[] }[];
  }

  /** The scopes the user granted to consent-app. */
  async function grantedBy(user: string) {
    return (await grantsOf(user)).find((r) => r.application === APP_ID)?.grantedScopes ?? [];
  }

  describe('code flow with PKCE', () => {
    it('asks for consent to a custom scope, and Allow answers a code openid-client redeems', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid profile files:read');
      const login = await signIn(browser, req, 'alice');
      expect(login).toMatchObject({ status: 'ok', data: { required: true } });
      // The consent screen posts with the session the sign-in opened (the application has none of its own).
      expect(browser.sessionCookie).not.toBe('');

      const granted = await grant(browser, req, ['openid', 'profile', 'files:read']);
      expect(granted.status).toBe('ok');
      expect(typeof granted.data).toBe('string');
      const tokens = await redeem(req, granted.data);
      expect(tokens.claims()?.preferred_username).toBe('alice');
      expect(tokens.scope).toBe('openid profile files:read');
      expect(await grantsOf('alice')).toEqual([{ application: APP_ID, grantedScopes: ['openid', 'profile', 'files:read'] }]);
    });

    it('does not ask the second time: the sign-in answers the code directly', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid files:read');
      const login = await signIn(browser, req, 'alice');
      expect(login.status).toBe('ok');
      expect(typeof login.data).toBe('string');
      expect((await redeem(req, login.data)).scope).toBe('openid files:read');
    });

    it('asks again for a custom scope not granted yet, and for prompt=consent', async () => {
      const browser = new ApiClient(server().url);
      expect(await signIn(browser, await authorization('openid files:write'), 'alice')).toMatchObject({
        data: { required: true },
      });
      expect(await signIn(browser, await authorization('openid files:read', { prompt: 'consent' }))).toMatchObject({
        data: { required: true },
      });
    });

    it('never asks when the request has none of the custom scopes', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid profile email');
      const login = await signIn(browser, req, 'bob');
      expect(typeof login.data).toBe('string');
      expect((await redeem(req, login.data)).claims()?.preferred_username).toBe('bob');
      expect(await grantsOf('bob')).toEqual([]);
    });

    it('leaves a custom scope the user did not grant out of the code, and asks for it next time', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid files:write');
      expect((await signIn(browser, req, 'bob')).data).toEqual({ required: true });
      const granted = await grant(browser, req, ['openid']);
      expect(granted.status).toBe('ok');
      expect((await redeem(req, granted.data)).scope).toBe('openid');
      expect((await signIn(browser, await authorization('openid files:write'))).data).toEqual({ required: true });
    });
  });

  describe('refusals', () => {
    it('declining records nothing: the session the sign-in opened does not get past the consent step', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid files:write');
      expect((await signIn(browser, req, 'alice')).data).toEqual({ required: true });
      // The consent screen's Deny only sends the browser back with error=access_denied; then the
      // same session signing in again is still asked.
      expect((await signIn(browser, req)).data).toEqual({ required: true });
      expect(await grantedBy('alice')).not.toContain('files:write');
    });

    it('grants only scopes the request asked for', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid files:write');
      expect((await signIn(browser, req, 'bob')).data).toEqual({ required: true });
      expect(await grant(browser, req, ['openid', 'files:write', 'files:read'])).toMatchObject({
        status: 'error',
        msg: 'The scope "files:read" was not requested, so it cannot be granted',
      });
      const zhBrowser = new ApiClient(server().url, 'zh-CN');
      await signIn(zhBrowser, req, 'bob');
      expect((await grant(zhBrowser, req, ['files:read'])).msg).toBe('未请求授权范围 "files:read"，因此不能授予');
      expect(await grantedBy('bob')).toEqual(['openid']);
    });

    it('refuses malformed grants with a clear message', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid files:read');
      expect((await grant(browser, req, ['files:read'])).msg).toBe('Please login first');
      await signIn(browser, req, 'bob');
      expect((await grant(browser, req, ['files:read'], { application: 'admin/other-app' })).msg).toBe(
        'Invalid application: "admin/other-app" is not the application of the client_id, which is "admin/consent-app"',
      );
      expect((await grant(browser, req, ['files:read'], { clientId: 'nope' })).msg).toBe('Invalid client_id: nope');
      expect((await grant(browser, req, ['files:read'], { redirectUri: 'https://evil.example/cb' })).msg).toBe(
        "Redirect URI: https://evil.example/cb doesn't exist in the allowed Redirect URI list",
      );
      expect((await grant(browser, req, [42])).msg).toBe(
        'grantedScopes must be a list of at most 100 scope names, without spaces',
      );
      expect(await grantedBy('bob')).toEqual(['openid']);
    });

    it('refuses a grant by an access token: only the signed-in browser consents', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid');
      const login = await signIn(browser, req, 'bob');
      const tokens = await redeem(req, login.data);
      const withToken = await fetch(`${server().url}/api/grant-consent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', origin: server().url },
        body: JSON.stringify({ application: APP_ID, grantedScopes: ['files:read'], clientId, responseType: 'code' }),
      });
      expect(await withToken.json()).toMatchObject({ status: 'error', msg: 'Please login first' });
    });
  });

  describe('revoke-consent', () => {
    it('takes back a grant, and the next request asks again', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid files:read');
      expect(typeof (await signIn(browser, req, 'alice')).data).toBe('string');
      // Revoking happens in the console (the application opens no session of its own).
      await browser.login('alice', 'alice-pass');
      const revoked = await browser.post('/api/revoke-consent', { application: APP_ID, grantedScopes: ['files:read'] });
      expect(revoked).toMatchObject({ status: 'ok', data: true });
      expect(await grantedBy('alice')).toEqual(['openid', 'profile']);
      expect((await signIn(browser, await authorization('openid files:read'))).data).toEqual({ required: true });
      // Nothing left to revoke.
      expect((await browser.post('/api/revoke-consent', { application: APP_ID, grantedScopes: ['files:read'] })).data).toBe(
        false,
      );
      // Revoking every scope removes the application's record.
      await browser.post('/api/revoke-consent', { application: APP_ID, grantedScopes: ['openid', 'profile'] });
      expect(await grantsOf('alice')).toEqual([]);
    });

    it('refuses bad input in English and Chinese', async () => {
      const anonymous = new ApiClient(server().url);
      expect((await anonymous.post('/api/revoke-consent', { application: APP_ID, grantedScopes: ['x'] })).msg).toBe(
        'Please login first',
      );
      const browser = new ApiClient(server().url);
      await browser.login('alice', 'alice-pass');
      expect((await browser.post('/api/revoke-consent', { grantedScopes: ['files:read'] })).msg).toBe(
        'Application cannot be empty',
      );
      expect((await browser.post('/api/revoke-consent', { application: APP_ID, grantedScopes: [] })).msg).toBe(
        'Granted scopes cannot be empty',
      );
      const zh = new ApiClient(server().url, 'zh-CN');
      await zh.login('alice', 'alice-pass');
      expect((await zh.post('/api/revoke-consent', { application: APP_ID })).msg).toBe('授权范围不能为空');
      expect((await zh.post('/api/revoke-consent', { grantedScopes: ['x'] })).msg).toBe('应用不能为空');
    });
  });

  describe('another user', () => {
    it('keeps grants per user: one user granting or revoking never touches another', async () => {
      const aliceBrowser = new ApiClient(server().url);
      const bobBrowser = new ApiClient(server().url);
      const forAlice = await authorization('openid files:read');
      expect((await signIn(aliceBrowser, forAlice, 'alice')).data).toEqual({ required: true });
      expect((await grant(aliceBrowser, forAlice, ['openid', 'files:read'])).status).toBe('ok');

      // Bob was never asked: Alice's grant is not his.
      const forBob = await authorization('openid files:read');
      expect((await signIn(bobBrowser, forBob, 'bob')).data).toEqual({ required: true });
      // Neither can act on Alice's account by naming her.
      expect((await grant(bobBrowser, forBob, ['files:read'], { user: 'built-in/alice' })).msg).toBe(
        'You can only grant or revoke the consents of your own account',
      );
      expect(
        (
          await bobBrowser.post('/api/revoke-consent', {
            application: APP_ID,
            grantedScopes: ['files:read'],
            user: 'built-in/alice',
          })
        ).msg,
      ).toBe('You can only grant or revoke the consents of your own account');
      // Bob revoking for himself leaves Alice's grant alone.
      expect((await bobBrowser.post('/api/revoke-consent', { application: APP_ID, grantedScopes: ['files:read'] })).data).toBe(
        false,
      );
      expect(typeof (await signIn(aliceBrowser, await authorization('openid files:read'))).data).toBe('string');
    });
  });

  describe('implicit flow and discovery', () => {
    it('grant-consent answers the access token of an implicit request', async () => {
      const browser = new ApiClient(server().url);
      const req = await authorization('openid files:write', { response_type: 'token' });
      expect((await signIn(browser, req, 'bob')).data).toEqual({ required: true });
      const granted = await grant(browser, req, ['openid', 'files:write']);
      expect(granted.status).toBe('ok');
      expect(String(granted.data).split('.')).toHaveLength(3);
      const info = await fetch(`${server().url}/api/userinfo`, { headers: { authorization: `Bearer ${granted.data}` } });
      expect(await info.json()).toMatchObject({ preferred_username: 'bob' });
    });

    it("lists the application's custom scopes in its discovery document", async () => {
      const own = await (await fetch(`${server().url}/.well-known/consent-app/openid-configuration`)).json();
      expect(own.scopes_supported).toEqual(expect.arrayContaining(['openid', 'files:read', 'files:write']));
      const global = await (await fetch(`${server().url}/.well-known/openid-configuration`)).json();
      expect(global.scopes_supported).not.toContain('files:read');
    });

    it('refuses a custom scope name that is not a scope token', async () => {
      const updated = await admin.post(
        '/api/update-application',
        {
          ...(await admin.get('/api/get-application', { id: APP_ID })).data,
          customScopes: [{ scope: 'two words', displayName: '', description: '' }],
        },
        { id: APP_ID },
      );
      expect(updated.status).toBe('error');
      expect(updated.msg).toContain('scope');
    });
  });
});
