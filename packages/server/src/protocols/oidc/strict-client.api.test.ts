import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/accounts.js';
import { ApiClient } from '../../test-support/client.js';
import { addRsaCert, createOAuthApplication, REDIRECT_URI } from '../../test-support/oidc.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/**
 * The OpenID Connect rules strict relying parties check, with oauth4webapi (which validates every
 * claim and header) as the client: discovery, the code flow with PKCE and with a secret, the ID
 * token as a token of its own (audience, nonce, auth_time, acr/amr, at_hash, signature), userinfo,
 * max_age and prompt=login (a new sign-in, and auth_time the time the user last proved who they
 * are), prompt values, the nonce of the implicit ID token types, a grant bound to the secret it was
 * obtained with, revocation of a whole grant, RP-initiated logout with an ID token, a replaced cert
 * kept in the application's key set, and what a token of another application may not do.
 */
describeEachDatabase('OpenID Connect with oauth4webapi', (server) => {
  let admin: ApiClient;
  let as: oauth.AuthorizationServer;
  let app: Awaited<ReturnType<typeof createOAuthApplication>>;
  let client: oauth.Client;
  const options = { [oauth.allowInsecureRequests]: true };
  const USER = { name: 'strict-user', password: 'Strict-Pass-1' };
  const SCOPE = 'openid profile email offline_access';

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    const added = await admin.post('/api/add-user', {
      owner: 'built-in',
      name: USER.name,
      password: USER.password,
      email: 'strict@example.com',
      displayName: 'Strict User',
    });
    expect(added.status, added.msg).toBe('ok');
    // A session for the sign-ins that follow, so that a session can stand in for the password.
    app = await createOAuthApplication(admin, 'strict-app', { enableSigninSession: true, tokenFormat: 'JWT' });
    client = { client_id: app.clientId };
    const issuer = new URL(server().url);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
  });

  interface AuthorizeOptions {
    browser?: ApiClient;
    /** Sign in with the password (a fresh sign-in) or let the browser's session stand in. */
    fresh?: boolean;
    params?: Record<string, string>;
    responseType?: string;
    target?: { clientId: string };
  }

  /** What the sign-in page does with an authorization request: the envelope of POST /api/login. */
  async function authorize({
    browser = new ApiClient(server().url),
    fresh = true,
    params = {},
    responseType = 'code',
    target = app,
  }: AuthorizeOptions) {
    const query: Record<string, string> = {
      clientId: target.clientId,
      responseType,
      redirectUri: REDIRECT_URI,
      scope: SCOPE,
      state: 'st',
      ...params,
    };
    const checked = await browser.get('/api/get-app-login', query);
    if (checked.status !== 'ok') return checked;
    const credentials = fresh ? { username: USER.name, password: USER.password } : {};
    return browser.post('/api/login', { type: responseType, organization: 'built-in', autoSignin: true, ...credentials }, query);
  }

  /** A code flow as oauth4webapi runs it: PKCE, a nonce, the token response validated (maxAge when asked). */
  async function codeFlow(
    flow: { browser?: ApiClient; fresh?: boolean; maxAge?: number; params?: Record<string, string>; secret?: boolean } = {},
  ) {
    const verifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    const params: Record<string, string> = {
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...flow.params,
    };
    if (flow.maxAge !== undefined) params.max_age = String(flow.maxAge);
    const login = await authorize({ browser: flow.browser, fresh: flow.fresh, params });
    expect(login.status, login.msg).toBe('ok');
    const callback = oauth.validateAuthResponse(as, client, new URLSearchParams({ code: String(login.data), state: 'st' }), 'st');
    const auth = flow.secret === false ? oauth.None() : oauth.ClientSecretBasic(app.clientSecret);
    const response = await oauth.authorizationCodeGrantRequest(as, client, auth, callback, REDIRECT_URI, verifier, options);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: nonce,
      requireIdToken: true,
      maxAge: flow.maxAge ?? oauth.skipAuthTimeCheck,
    });
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    if (!claims) throw new Error('no ID token');
    return { tokens, claims, nonce };
  }

  describe('the ID token', () => {
    it('is a token of its own for the client: audience, nonce, auth_time, acr, amr, at_hash, signed with the JWKS key', async () => {
      const { tokens, claims, nonce } = await codeFlow();
      expect(tokens.id_token).not.toBe(tokens.access_token);
      expect(claims).toMatchObject({ iss: server().url, aud: app.clientId, azp: app.clientId, nonce, acr: '1', amr: ['pwd'] });
      expect(Math.abs(Number(claims.auth_time) - Date.now() / 1000)).toBeLessThan(30);
      const digest = createHash('sha256').update(tokens.access_token).digest();
      expect(claims.at_hash).toBe(digest.subarray(0, 16).toString('base64url'));
      // Its signature, checked against the discovery document's key set (oauth4webapi fetches it).
      const answered = { access_token: tokens.access_token, token_type: 'Bearer', id_token: tokens.id_token };
      const body = new Response(JSON.stringify(answered), {
        headers: { 'content-type': 'application/json' },
      });
      await oauth.processAuthorizationCodeResponse(as, client, body, { expectedNonce: nonce });
      await oauth.validateApplicationLevelSignature(as, body, options);
      // userinfo answers the same subject.
      const info = await oauth.processUserInfoResponse(
        as,
        client,
        claims.sub,
        await oauth.userInfoRequest(as, client, tokens.access_token, options),
      );
      expect(info).toMatchObject({ sub: claims.sub, preferred_username: USER.name, email: 'strict@example.com' });
    });

    it('is refused as a bearer token at userinfo and at the API', async () => {
      const { tokens } = await codeFlow();
      const idToken = String(tokens.id_token);
      const info = await fetch(`${server().url}/api/userinfo`, { headers: { authorization: `Bearer ${idToken}` } });
      expect(info.status).toBe(401);
      const account = await fetch(`${server().url}/api/get-account`, { headers: { authorization: `Bearer ${idToken}` } });
      expect(await account.json()).toMatchObject({ status: 'error' });
      const withAccess = await fetch(`${server().url}/api/get-account`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(await withAccess.json()).toMatchObject({ status: 'ok', data: { name: USER.name } });
    });
  });

  describe('max_age and prompt', () => {
    it('auth_time is when the user last proved who they are, not when the code was issued', async () => {
      const browser = new ApiClient(server().url);
      const first = await codeFlow({ browser });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // The session stands in: the new ID token says when the password was typed.
      const second = await codeFlow({ browser, fresh: false });
      expect(second.claims.auth_time).toBe(first.claims.auth_time);
      expect(Number(second.claims.iat)).toBeGreaterThan(Number(first.claims.auth_time));
      expect(second.claims.amr).toEqual(['pwd']);
    });

    it('max_age: a session older than asked signs in again; a fresh sign-in passes oauth4webapi`s auth_time check', async () => {
      const browser = new ApiClient(server().url);
      await codeFlow({ browser });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const stale = await authorize({ browser, fresh: false, params: { nonce: 'n', max_age: '0' } });
      expect(stale).toMatchObject({ status: 'error', msg: 'The application asks you to sign in again' });
      const recent = await codeFlow({ browser, fresh: false, maxAge: 600 });
      expect(recent.claims.auth_time).toBeDefined();
      const again = await codeFlow({ browser, fresh: true, maxAge: 0 });
      expect(Number(again.claims.auth_time)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    });

    it('prompt=login: the session does not stand in, a password does', async () => {
      const browser = new ApiClient(server().url);
      await codeFlow({ browser });
      expect(await authorize({ browser, fresh: false, params: { nonce: 'n', prompt: 'login' } })).toMatchObject({
        status: 'error',
        msg: 'The application asks you to sign in again',
      });
      const fresh = await codeFlow({ browser, fresh: true, params: { prompt: 'login' } });
      expect(fresh.claims.amr).toEqual(['pwd']);
    });

    it('prompt=consent asks again; prompt=none may not come with another value; max_age must be a number', async () => {
      expect(await authorize({ params: { nonce: 'n', prompt: 'consent' } })).toMatchObject({
        status: 'ok',
        data: { required: true },
      });
      expect(await authorize({ params: { prompt: 'none login' } })).toMatchObject({
        status: 'error',
        msg: 'prompt=none cannot be combined with another prompt value',
      });
      expect(await authorize({ params: { max_age: 'soon' } })).toMatchObject({
        status: 'error',
        msg: 'max_age must be a whole number of seconds, not "soon"',
      });
    });
  });

  describe('implicit ID tokens', () => {
    it('response_type=id_token and id_token token require a nonce', async () => {
      for (const responseType of ['id_token', 'id_token token']) {
        expect(await authorize({ responseType })).toMatchObject({
          status: 'error',
          msg: `The nonce parameter is required when the response type is "${responseType}"`,
        });
      }
    });

    it('id_token token answers both in the fragment, the ID token bound to the access token (at_hash)', async () => {
      const login = await authorize({ responseType: 'id_token token', params: { nonce: 'implicit-n' } });
      expect(login.status, login.msg).toBe('ok');
      const fragment = login.data2 as Record<string, string>;
      expect(fragment).toMatchObject({ token_type: 'Bearer', scope: SCOPE });
      const accessToken = String(fragment.access_token);
      const keys = createLocalJWKSet(await (await fetch(`${server().url}/.well-known/strict-app/jwks`)).json());
      const { payload } = await jwtVerify(String(fragment.id_token), keys, { issuer: server().url, audience: app.clientId });
      const digest = createHash('sha256').update(accessToken).digest();
      expect(payload).toMatchObject({ nonce: 'implicit-n', at_hash: digest.subarray(0, 16).toString('base64url') });
      const idOnly = await authorize({ responseType: 'id_token', params: { nonce: 'n2' } });
      expect(decodeJwt(String(idOnly.data))).toMatchObject({ nonce: 'n2', tokenType: 'id-token' });
    });
  });

  describe('grants', () => {
    it('a grant obtained with the secret is refreshed only with it; a public client refreshes without', async () => {
      const { tokens } = await codeFlow();
      const refreshToken = String(tokens.refresh_token);
      const bare = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, options);
      await expect(oauth.processRefreshTokenResponse(as, client, bare)).rejects.toMatchObject({ status: 401 });
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic(app.clientSecret), refreshToken, options),
      );
      expect(refreshed.access_token).toBeTruthy();
      const publicGrant = await codeFlow({ secret: false });
      const publicRefresh = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, oauth.None(), String(publicGrant.tokens.refresh_token), options),
      );
      expect(publicRefresh.access_token).toBeTruthy();
    });

    it('a device code asked for with the secret is redeemed only with it, its ID token saying when the approver signed in', async () => {
      const auth = oauth.ClientSecretBasic(app.clientSecret);
      const started = await oauth.processDeviceAuthorizationResponse(
        as,
        client,
        await oauth.deviceAuthorizationRequest(as, client, auth, { scope: SCOPE }, options),
      );
      const approver = new ApiClient(server().url);
      const approved = await approver.post('/api/login', {
        type: 'device',
        userCode: started.user_code,
        organization: 'built-in',
        username: USER.name,
        password: USER.password,
      });
      expect(approved.status, approved.msg).toBe('ok');
      const bare = await oauth.deviceCodeGrantRequest(as, client, oauth.None(), started.device_code, options);
      await expect(oauth.processDeviceCodeResponse(as, client, bare)).rejects.toMatchObject({ status: 401 });
      const tokens = await oauth.processDeviceCodeResponse(
        as,
        client,
        await oauth.deviceCodeGrantRequest(as, client, auth, started.device_code, options),
      );
      expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({ aud: app.clientId, amr: ['pwd'] });
    });

    /** A grant and the tokens its refresh gave; `active` introspects a token as the client. */
    async function refreshedGrant() {
      const { tokens } = await codeFlow();
      const auth = oauth.ClientSecretBasic(app.clientSecret);
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, String(tokens.refresh_token), options),
      );
      const active = async (token: string) =>
        (await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, token, options)))
          .active;
      return { tokens, refreshed, auth, active };
    }

    it('revoking an access token revokes its grant: its refresh token and the tokens refreshed from it', async () => {
      const { tokens, refreshed, auth, active } = await refreshedGrant();
      await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, tokens.access_token, options));
      expect(await active(refreshed.access_token)).toBe(false);
      expect(await active(String(refreshed.refresh_token))).toBe(false);
    });

    it('deleting a token in the console revokes the tokens refreshed from it', async () => {
      const { tokens, refreshed, active } = await refreshedGrant();
      expect(await active(refreshed.access_token)).toBe(true);
      const jti = String(decodeJwt(tokens.access_token).jti);
      expect(await admin.post('/api/delete-token', { owner: 'admin', name: jti.split('/')[1] })).toMatchObject({ status: 'ok' });
      expect(await active(refreshed.access_token)).toBe(false);
    });

    it('RP-initiated logout with the ID token as id_token_hint ends the grant and goes back', async () => {
      const { tokens } = await codeFlow();
      const url = new URL(`${server().url}/api/logout`);
      url.search = new URLSearchParams({
        id_token_hint: String(tokens.id_token),
        post_logout_redirect_uri: REDIRECT_URI,
        state: 'bye',
      }).toString();
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe(`${REDIRECT_URI}?state=bye`);
      const info = await fetch(`${server().url}/api/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(info.status).toBe(401);
    });
  });

  it("the application's key set keeps the cert it signed with before until its tokens expire", async () => {
    const rotating = await createOAuthApplication(admin, 'strict-rotating');
    const { tokens } = await codeFlowFor(rotating);
    await addRsaCert(admin, 'strict-next-cert');
    const stored = (await admin.get('/api/get-application', { id: 'admin/strict-rotating' })).data;
    expect(
      await admin.post('/api/update-application', { ...stored, cert: 'strict-next-cert' }, { id: 'admin/strict-rotating' }),
    ).toMatchObject({
      status: 'ok',
    });
    const jwks = await (await fetch(`${server().url}/.well-known/strict-rotating/jwks`)).json();
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual(['strict-next-cert', 'cert-built-in']);
    const verified = await jwtVerify(String(tokens.id_token), createLocalJWKSet(jwks), { audience: rotating.clientId });
    expect(verified.protectedHeader.kid).toBe('cert-built-in');
  });

  /** A code flow against another application (a confidential client with its secret). */
  async function codeFlowFor(target: { clientId: string; clientSecret: string }) {
    const login = await authorize({ target, params: { nonce: 'other' } });
    expect(login.status, login.msg).toBe('ok');
    const response = await fetch(`${server().url}/api/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: String(login.data),
        client_id: target.clientId,
        client_secret: target.clientSecret,
      }),
    });
    return { tokens: (await response.json()) as Record<string, string> };
  }

  describe("a token issued to another application than the console's", () => {
    async function call(token: string, path: string, body: unknown) {
      const response = await fetch(`${server().url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { status: string; msg: string; data?: unknown };
    }

    it('neither reads nor changes its user`s credentials and security settings', async () => {
      const { tokens } = await codeFlow();
      const token = tokens.access_token;
      const refused = `This access token was issued to the application "strict-app": it cannot read or change the account's credentials or security settings`;
      const user = { owner: 'built-in', name: USER.name };
      expect(await call(token, '/api/add-user-keys', user)).toMatchObject({ status: 'error', msg: refused });
      expect(
        await call(
          token,
          `/api/set-password?userOwner=built-in&userName=${USER.name}&oldPassword=${USER.password}&newPassword=Other-Pass-2`,
          {},
        ),
      ).toMatchObject({ status: 'error', msg: refused });
      expect(await call(token, '/api/mfa/setup/initiate', { ...user, mfaType: 'app' })).toMatchObject({
        status: 'error',
        msg: refused,
      });
      // The keys an administrator gave the user stay unreadable through the token.
      expect(await admin.post('/api/add-user-keys', user)).toMatchObject({ status: 'ok' });
      const account = await fetch(`${server().url}/api/get-account`, { headers: { authorization: `Bearer ${token}` } });
      const { data } = (await account.json()) as { data: Record<string, unknown> };
      expect(data).toMatchObject({ name: USER.name, accessKey: '***', accessSecret: '***' });
      // update-user: the profile changes; what the user may change of their sign-in (the phone's
      // country, accounts kept for other applications) does not, through the token.
      const id = `built-in/${USER.name}`;
      const read = await fetch(`${server().url}/api/get-user?id=${id}`, { headers: { authorization: `Bearer ${token}` } });
      const stored = ((await read.json()) as { data: Record<string, unknown> }).data;
      expect(await call(token, `/api/update-user?id=${id}`, { ...stored, displayName: 'Renamed' })).toMatchObject({
        status: 'ok',
      });
      expect(
        await call(token, `/api/update-user?id=${id}`, { ...stored, countryCode: stored.countryCode === 'FR' ? 'DE' : 'FR' }),
      ).toMatchObject({ status: 'error' });
      const managed = [{ application: 'x', username: 'y', password: 'z', signinUrl: '' }];
      expect(await call(token, `/api/update-user?id=${id}`, { ...stored, managedAccounts: managed })).toMatchObject({
        status: 'error',
      });
      expect((await admin.get('/api/get-user', { id })).data).toMatchObject({
        displayName: 'Renamed',
        countryCode: stored.countryCode,
        managedAccounts: [],
      });
    });
  });
});
