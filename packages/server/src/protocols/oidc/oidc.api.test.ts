import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, REDIRECT_URI, signInThroughPage } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/**
 * The OAuth 2.0 / OpenID Connect provider driven by openid-client, a certified relying-party
 * library nobody here wrote: discovery, every grant, userinfo, introspection, revocation, logout.
 */
describeEachDatabase('OpenID Connect with openid-client', (server) => {
  let admin: ApiClient;
  let app: Awaited<ReturnType<typeof createOAuthApplication>>;
  let confidential: oidc.Configuration;
  let publicClient: oidc.Configuration;
  const insecure = { execute: [oidc.allowInsecureRequests] };

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    await admin.post('/api/add-user', {
      owner: 'built-in',
      name: 'rp-user',
      email: 'rp@example.com',
      displayName: 'RP User',
      password: 'rp-user-pass',
    });
    app = await createOAuthApplication(admin, 'rp-app', { tokenFormat: 'JWT-Standard' });
    confidential = await oidc.discovery(new URL(server().url), app.clientId, app.clientSecret, undefined, insecure);
    publicClient = await oidc.discovery(new URL(server().url), app.clientId, undefined, oidc.None(), insecure);
  });

  async function codeFlow(config: oidc.Configuration, usePkce: boolean, scope = 'openid profile email offline_access') {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const parameters: Record<string, string> = { redirect_uri: REDIRECT_URI, scope, state, nonce };
    if (usePkce)
      Object.assign(parameters, {
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
    const url = oidc.buildAuthorizationUrl(config, parameters);
    const signedIn = await signInThroughPage(server().url, url, 'rp-user', 'rp-user-pass');
    if (!('url' in signedIn)) throw new Error(signedIn.error);
    return oidc.authorizationCodeGrant(config, signedIn.url as URL, {
      pkceCodeVerifier: usePkce ? verifier : undefined,
      expectedState: state,
      expectedNonce: nonce,
    });
  }

  describe('discovery and keys', () => {
    it('publishes the endpoints on the wire paths', () => {
      const meta = confidential.serverMetadata();
      expect(meta.issuer).toBe(server().url);
      expect(meta.authorization_endpoint).toBe(`${server().url}/login/oauth/authorize`);
      expect(meta.token_endpoint).toBe(`${server().url}/api/login/oauth/access_token`);
      expect(meta.userinfo_endpoint).toBe(`${server().url}/api/userinfo`);
      expect(meta.revocation_endpoint).toBe(`${server().url}/api/login/oauth/revoke`);
      expect(meta.end_session_endpoint).toBe(`${server().url}/api/logout`);
      expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    });

    it('lists every x509 cert in /.well-known/jwks and only the application cert in its own key set', async () => {
      const all = await (await fetch(`${server().url}/.well-known/jwks`)).json();
      expect(all.keys.map((k: { kid: string }) => k.kid)).toContain('cert-built-in');
      const own = await (await fetch(`${server().url}/.well-known/rp-app/jwks`)).json();
      expect(own.keys).toHaveLength(1);
      expect(own.keys[0]).toMatchObject({ kid: 'cert-built-in', use: 'sig', kty: 'RSA' });
      expect(own.keys[0].x5c[0]).toMatch(/^MII/);
      expect(own.keys[0]).not.toHaveProperty('d');
      const appDoc = await (await fetch(`${server().url}/.well-known/rp-app/openid-configuration`)).json();
      expect(appDoc.jwks_uri).toBe(`${server().url}/.well-known/rp-app/jwks`);
    });
  });

  describe('authorization code', () => {
    it('works for a public client with PKCE, and the ID token validates', async () => {
      const tokens = await codeFlow(publicClient, true);
      const claims = tokens.claims();
      expect(claims?.iss).toBe(server().url);
      expect(claims?.aud).toBe(app.clientId);
      expect(claims?.preferred_username).toBe('rp-user');
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      const info = await oidc.fetchUserInfo(publicClient, tokens.access_token, claims?.sub as string);
      expect(info).toMatchObject({ preferred_username: 'rp-user', email: 'rp@example.com', name: 'RP User' });
    });

    it('works for a confidential client with client_secret_basic and with client_secret_post', async () => {
      expect((await codeFlow(confidential, false)).access_token).toBeTruthy();
      const post = await oidc.discovery(
        new URL(server().url),
        app.clientId,
        app.clientSecret,
        oidc.ClientSecretPost(app.clientSecret),
        insecure,
      );
      expect((await codeFlow(post, false)).access_token).toBeTruthy();
    });

    it('refuses a public client without PKCE (401 with a Basic challenge)', async () => {
      const refusal = await codeFlow(publicClient, false).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
      expect(refusal).toMatchObject({ status: 401 });
    });

    it('refuses a wrong PKCE verifier', async () => {
      const url = oidc.buildAuthorizationUrl(publicClient, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const signedIn = await signInThroughPage(server().url, url, 'rp-user', 'rp-user-pass');
      if (!('url' in signedIn)) throw new Error(signedIn.error);
      await expect(
        oidc.authorizationCodeGrant(publicClient, signedIn.url as URL, {
          pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
          idTokenExpected: false,
        }),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
    });

    it('treats a reused code as an attack: invalid_grant, and the first tokens stop working', async () => {
      const url = oidc.buildAuthorizationUrl(confidential, { redirect_uri: REDIRECT_URI, scope: 'openid' });
      const signedIn = await signInThroughPage(server().url, url, 'rp-user', 'rp-user-pass');
      if (!('url' in signedIn)) throw new Error(signedIn.error);
      const first = await oidc.authorizationCodeGrant(confidential, signedIn.url as URL, { idTokenExpected: true });
      await expect(oidc.authorizationCodeGrant(confidential, signedIn.url as URL)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      expect((await oidc.tokenIntrospection(confidential, first.access_token)).active).toBe(false);
      await expect(oidc.fetchUserInfo(confidential, first.access_token, oidc.skipSubjectCheck)).rejects.toThrow();
    });

    it('refuses a wrong client secret with 401 invalid_client and WWW-Authenticate', async () => {
      const response = await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: 'wrong' }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="OAuth2"');
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    });
  });

  describe('refresh tokens', () => {
    it('rotate, and a reused refresh token revokes the whole chain', async () => {
      const tokens = await codeFlow(confidential, true);
      const first = tokens.refresh_token as string;
      const second = await oidc.refreshTokenGrant(confidential, first);
      expect(second.refresh_token).toBeTruthy();
      expect(second.refresh_token).not.toBe(first);
      expect((await oidc.fetchUserInfo(confidential, second.access_token, oidc.skipSubjectCheck)).preferred_username).toBe(
        'rp-user',
      );
      // Someone replays the first refresh token: everything of the chain dies.
      await expect(oidc.refreshTokenGrant(confidential, first)).rejects.toMatchObject({ error: 'invalid_grant' });
      await expect(oidc.refreshTokenGrant(confidential, second.refresh_token as string)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      expect((await oidc.tokenIntrospection(confidential, second.access_token)).active).toBe(false);
    });

    it('work on the dedicated refresh_token path with a JSON body, without a secret (public clients)', async () => {
      const tokens = await codeFlow(publicClient, true);
      const response = await fetch(`${server().url}/api/login/oauth/refresh_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: app.clientId, grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      });
      const body = await response.json();
      expect(response.status).toBe(200);
      expect(body).toMatchObject({ token_type: 'Bearer', scope: 'openid profile email offline_access' });
      // A new ID token of its own, for the same sign-in (auth_time), without the request's nonce.
      expect(body.id_token).not.toBe(body.access_token);
      const before = JSON.parse(Buffer.from(String(tokens.id_token).split('.')[1], 'base64url').toString());
      const after = JSON.parse(Buffer.from(String(body.id_token).split('.')[1], 'base64url').toString());
      expect(after).toMatchObject({ sub: before.sub, aud: app.clientId, auth_time: before.auth_time });
      expect(after).not.toHaveProperty('nonce');
    });
  });

  describe('other grants', () => {
    it('client_credentials gives the application a token that userinfo refuses', async () => {
      const tokens = await oidc.clientCredentialsGrant(confidential, { scope: 'read' });
      const info = await oidc.tokenIntrospection(confidential, tokens.access_token);
      expect(info).toMatchObject({ active: true, client_id: app.clientId, sub: app.clientId });
      await expect(oidc.fetchUserInfo(confidential, tokens.access_token, oidc.skipSubjectCheck)).rejects.toThrow();
    });

    it('password works when the application lists it, with the sign-in lockout messages', async () => {
      const tokens = await oidc.genericGrantRequest(confidential, 'password', {
        username: 'rp-user',
        password: 'rp-user-pass',
        scope: 'openid',
      });
      expect(tokens.access_token).toBeTruthy();
      await expect(
        oidc.genericGrantRequest(confidential, 'password', { username: 'rp-user', password: 'nope', scope: 'openid' }),
      ).rejects.toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/remaining chances/) });
    });

    it('grants the application does not list are refused with unauthorized_client', async () => {
      const narrow = await createOAuthApplication(admin, 'narrow-app', { grantTypes: ['authorization_code'] });
      const config = await oidc.discovery(new URL(server().url), narrow.clientId, narrow.clientSecret, undefined, insecure);
      await expect(oidc.clientCredentialsGrant(config)).rejects.toMatchObject({ error: 'unauthorized_client' });
      await expect(
        oidc.genericGrantRequest(config, 'password', { username: 'rp-user', password: 'rp-user-pass' }),
      ).rejects.toMatchObject({ error: 'unauthorized_client' });
      await expect(oidc.genericGrantRequest(config, 'urn:example:unknown', {})).rejects.toMatchObject({
        error: 'unsupported_grant_type',
      });
    });

    it('device code: the user approves on the sign-in page, the device then gets its tokens once', async () => {
      const response = await oidc.initiateDeviceAuthorization(confidential, { scope: 'openid profile' });
      expect(response.verification_uri).toBe(`${server().url}/login/oauth/device/${response.user_code}`);
      const user = new ApiClient(server().url);
      const approval = await user.post('/api/login', {
        type: 'device',
        userCode: response.user_code.toLowerCase(),
        organization: 'built-in',
        username: 'rp-user',
        password: 'rp-user-pass',
      });
      expect(approval.status).toBe('ok');
      const tokens = await oidc.pollDeviceAuthorizationGrant(confidential, response);
      expect(tokens.claims()?.preferred_username).toBe('rp-user');
      // The device code is used up.
      await expect(oidc.pollDeviceAuthorizationGrant(confidential, { ...response, interval: 0 })).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    }, 30_000);
  });

  describe('introspection, revocation and logout', () => {
    it('introspection answers active tokens and refuses other clients', async () => {
      const tokens = await codeFlow(confidential, true);
      expect(await oidc.tokenIntrospection(confidential, tokens.access_token)).toMatchObject({
        active: true,
        client_id: app.clientId,
        username: 'rp-user',
        scope: 'openid profile email offline_access',
      });
      expect((await oidc.tokenIntrospection(confidential, tokens.refresh_token as string)).token_type).toBe('refresh_token');
      expect((await oidc.tokenIntrospection(confidential, 'not-a-token')).active).toBe(false);
      const other = await createOAuthApplication(admin, 'other-rp');
      const otherConfig = await oidc.discovery(new URL(server().url), other.clientId, other.clientSecret, undefined, insecure);
      expect((await oidc.tokenIntrospection(otherConfig, tokens.access_token)).active).toBe(false);
    });

    it('revocation (RFC 7009) stops an access token, and a refresh token with its chain', async () => {
      const tokens = await codeFlow(confidential, true);
      await oidc.tokenRevocation(confidential, tokens.access_token);
      expect((await oidc.tokenIntrospection(confidential, tokens.access_token)).active).toBe(false);
      await expect(oidc.fetchUserInfo(confidential, tokens.access_token, oidc.skipSubjectCheck)).rejects.toThrow();
      const more = await codeFlow(confidential, true);
      await oidc.tokenRevocation(confidential, more.refresh_token as string);
      await expect(oidc.refreshTokenGrant(confidential, more.refresh_token as string)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      expect((await oidc.tokenIntrospection(confidential, more.access_token)).active).toBe(false);
      // Unknown tokens are fine (RFC 7009 §2.2).
      await oidc.tokenRevocation(confidential, 'unknown');
    });

    it('RP-initiated logout revokes the hinted token and returns to a registered URI with the state', async () => {
      const tokens = await codeFlow(confidential, true);
      const url = oidc.buildEndSessionUrl(confidential, {
        id_token_hint: tokens.id_token as string,
        post_logout_redirect_uri: REDIRECT_URI,
        state: 'bye',
      });
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${REDIRECT_URI}?state=bye`);
      expect((await oidc.tokenIntrospection(confidential, tokens.access_token)).active).toBe(false);
      const evil = oidc.buildEndSessionUrl(confidential, {
        id_token_hint: tokens.id_token as string,
        post_logout_redirect_uri: 'https://evil.example/',
      });
      const refused = await fetch(evil, { redirect: 'manual' });
      expect(refused.status).toBe(200);
      expect(await refused.json()).toMatchObject({ status: 'error', code: 'redirectUriNotAllowed' });
    });
  });

  describe('the authorization request', () => {
    it('never redirects to an unregistered redirect_uri', async () => {
      const url = oidc.buildAuthorizationUrl(confidential, { redirect_uri: 'https://evil.example/cb', scope: 'openid' });
      const result = await signInThroughPage(server().url, url, 'rp-user', 'rp-user-pass');
      expect(result).toEqual({ error: "Redirect URI: https://evil.example/cb doesn't exist in the allowed Redirect URI list" });
      const prefix = oidc.buildAuthorizationUrl(confidential, { redirect_uri: `${REDIRECT_URI}/extra`, scope: 'openid' });
      expect(await signInThroughPage(server().url, prefix, 'rp-user', 'rp-user-pass')).toHaveProperty('error');
    });

    it('refuses the plain PKCE method and unknown clients', async () => {
      const plain = oidc.buildAuthorizationUrl(publicClient, {
        redirect_uri: REDIRECT_URI,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'plain',
      });
      expect(await signInThroughPage(server().url, plain, 'rp-user', 'rp-user-pass')).toEqual({
        error: 'Only the S256 code challenge method is supported',
      });
      const unknown = new URL(
        `${server().url}/login/oauth/authorize?client_id=nope&response_type=code&redirect_uri=${REDIRECT_URI}`,
      );
      expect(await signInThroughPage(server().url, unknown, 'rp-user', 'rp-user-pass')).toEqual({
        error: 'Invalid client_id: nope',
      });
    });

    it('issues implicit tokens in the fragment when the application lists them', async () => {
      const url = new URL(`${server().url}/login/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: app.clientId,
        response_type: 'id_token',
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        nonce: 'n-1',
        state: 's-1',
      }).toString();
      const result = await signInThroughPage(server().url, url, 'rp-user', 'rp-user-pass');
      if (!('url' in result)) throw new Error(result.error);
      const fragment = new URLSearchParams((result.url as URL).hash.slice(1));
      const claims = JSON.parse(Buffer.from(String(fragment.get('id_token')).split('.')[1] as string, 'base64url').toString());
      expect(claims).toMatchObject({ nonce: 'n-1', aud: app.clientId, preferred_username: 'rp-user', tokenType: 'id-token' });
      expect(fragment.get('access_token')).toBeNull();
    });

    it('refuses users of other organizations', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'elsewhere' });
      await admin.post('/api/add-user', { owner: 'elsewhere', name: 'stranger', password: 'stranger-pass' });
      const url = oidc.buildAuthorizationUrl(confidential, { redirect_uri: REDIRECT_URI, scope: 'openid' });
      const result = await signInThroughPage(server().url, url, 'stranger', 'stranger-pass', 'elsewhere');
      expect(result).toHaveProperty('error');
    });
  });
});
