import { createRequire } from 'node:module';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { createOAuthApplication, REDIRECT_URI, signInThroughPage } from '../../test-support/oidc.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const require = createRequire(import.meta.url);
// The SDKs ship CommonJS builds; load them the way their users' bundlers would.
const { SDK } = require('casdoor-nodejs-sdk') as typeof import('casdoor-nodejs-sdk');

/** A code for `app`, as the sign-in page would hand it to the application's redirect URI. */
async function codeFor(baseUrl: string, clientId: string, extra: Record<string, string> = {}) {
  const url = new URL(`${baseUrl}/login/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'read',
    state: 'sdk',
    ...extra,
  }).toString();
  const signedIn = await signInThroughPage(baseUrl, url, 'sdk-user', 'sdk-user-pass');
  if (!('url' in signedIn)) throw new Error(signedIn.error);
  return { code: (signedIn.url as URL).searchParams.get('code') as string, url: signedIn.url as URL };
}

describeEachDatabase("Casdoor's SDKs and token formats", (server) => {
  let admin: ApiClient;
  let certificate: string;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    await admin.post('/api/add-user', {
      owner: 'built-in',
      name: 'sdk-user',
      email: 'sdk@example.com',
      displayName: 'SDK User',
      tag: 'vip',
      password: 'sdk-user-pass',
    });
    certificate = (await admin.get('/api/get-cert', { id: 'admin/cert-built-in' })).data.certificate;
  });

  describe('casdoor-nodejs-sdk', () => {
    it('exchanges a code, parses the JWT with the certificate, refreshes and introspects', async () => {
      const app = await createOAuthApplication(admin, 'node-sdk-app');
      const sdk = new SDK({
        endpoint: server().url,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        certificate,
        orgName: 'built-in',
        appName: app.name,
      });
      const { code } = await codeFor(server().url, app.clientId);
      const tokens = await sdk.getAuthToken(code);
      expect(tokens.access_token).toBeTruthy();
      expect(tokens.refresh_token).toBeTruthy();

      const user = sdk.parseJwtToken(tokens.access_token) as unknown as Record<string, unknown>;
      expect(user).toMatchObject({
        owner: 'built-in',
        name: 'sdk-user',
        displayName: 'SDK User',
        email: 'sdk@example.com',
        tag: 'vip',
      });
      expect(user).not.toHaveProperty('password');

      const refreshed = await sdk.refreshToken(tokens.refresh_token);
      expect(refreshed.access_token).toBeTruthy();
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

      const introspection = await sdk.introspect(refreshed.access_token, 'access_token');
      expect(introspection.data).toMatchObject({ active: true, client_id: app.clientId, username: 'sdk-user' });
      expect((await sdk.introspect(tokens.access_token, 'access_token')).data.active).toBe(true);
    });
  });

  describe('casdoor-js-sdk', () => {
    it('builds a sign-in URL the server accepts and completes its PKCE exchange and refresh', async () => {
      const origin = 'http://127.0.0.1:9999';
      const app = await createOAuthApplication(admin, 'js-sdk-app', { redirectUris: [`${origin}/callback`] });
      // The browser SDK reads window.location, window.crypto and sessionStorage.
      const store = new Map<string, string>();
      const storage = {
        getItem: (k: string) => store.get(k) ?? null,
        // Like the browser Storage, values are stored as strings.
        setItem: (k: string, v: unknown) => void store.set(k, String(v)),
        removeItem: (k: string) => void store.delete(k),
        clear: () => store.clear(),
      };
      const location = {
        href: `${origin}/`,
        origin,
        search: '',
        assign: (url: string) => {
          location.href = url;
        },
      };
      Object.assign(globalThis, {
        window: { location, crypto: globalThis.crypto },
        sessionStorage: storage,
        localStorage: storage,
      });
      try {
        const Sdk = (require('casdoor-js-sdk') as { default: new (config: object) => any }).default;
        const sdk = new Sdk({
          serverUrl: server().url,
          clientId: app.clientId,
          appName: app.name,
          organizationName: 'built-in',
          redirectPath: '/callback',
          scope: 'profile',
          storage,
        });
        const signinUrl = new URL(sdk.getSigninUrl());
        expect(signinUrl.pathname).toBe('/login/oauth/authorize');
        expect(
          (
            await admin.get(
              '/api/get-app-login',
              Object.fromEntries(
                [...signinUrl.searchParams].map(([k, v]) => [
                  k === 'client_id'
                    ? 'clientId'
                    : k === 'response_type'
                      ? 'responseType'
                      : k === 'redirect_uri'
                        ? 'redirectUri'
                        : k,
                  v,
                ]),
              ),
            )
          ).status,
        ).toBe('ok');

        sdk.signin_redirect();
        const authorizeUrl = new URL(location.href);
        expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
        const signedIn = await signInThroughPage(server().url, authorizeUrl, 'sdk-user', 'sdk-user-pass');
        if (!('url' in signedIn)) throw new Error(signedIn.error);
        location.href = (signedIn.url as URL).toString();
        location.search = (signedIn.url as URL).search;
        const tokens = await sdk.exchangeForAccessToken();
        expect(tokens.access_token).toBeTruthy();
        const refreshed = await sdk.refreshAccessToken(tokens.refresh_token);
        expect(refreshed.access_token).toBeTruthy();
      } finally {
        for (const key of ['window', 'sessionStorage', 'localStorage']) delete (globalThis as Record<string, unknown>)[key];
      }
    });
  });

  describe('token formats and signing', () => {
    async function accessTokenOf(appName: string, fields: Record<string, unknown>) {
      const app = await createOAuthApplication(admin, appName, fields);
      const { code } = await codeFor(server().url, app.clientId, { scope: 'openid profile email', nonce: 'n' });
      const response = await fetch(`${server().url}/api/login/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          code,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        }),
      });
      const body = await response.json();
      const keys = createRemoteJWKSet(new URL(`${server().url}/.well-known/${appName}/jwks`));
      const { payload, protectedHeader } = await jwtVerify(body.access_token, keys, {
        issuer: server().url,
        audience: app.clientId,
      });
      return { payload, protectedHeader, body, app };
    }

    it('JWT carries the whole user without secrets, signed with the application cert (kid = cert name)', async () => {
      const { payload, protectedHeader, body, app } = await accessTokenOf('fmt-jwt', { tokenFormat: 'JWT' });
      expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: 'cert-built-in' });
      expect(payload).toMatchObject({
        owner: 'built-in',
        name: 'sdk-user',
        displayName: 'SDK User',
        tokenType: 'access-token',
        nonce: 'n',
      });
      expect(payload).not.toHaveProperty('password');
      expect(payload).not.toHaveProperty('passwordSalt');
      // The ID token is a token of its own (Casdoor repeats the access token), with the same user
      // claims, so that an application parsing Casdoor's id_token keeps reading them.
      expect(body.id_token).not.toBe(body.access_token);
      const idToken = decodeJwt(body.id_token);
      expect(idToken).toMatchObject({
        owner: 'built-in',
        name: 'sdk-user',
        tokenType: 'id-token',
        aud: app.clientId,
        nonce: 'n',
      });
    });

    it('JWT-Empty carries only the short user', async () => {
      const { payload } = await accessTokenOf('fmt-empty', { tokenFormat: 'JWT-Empty' });
      expect(payload).toMatchObject({ owner: 'built-in', name: 'sdk-user', email: 'sdk@example.com' });
      expect(payload).not.toHaveProperty('tag');
      expect(payload).not.toHaveProperty('affiliation');
    });

    it('JWT-Custom carries the registered claims and only the chosen fields', async () => {
      const { payload } = await accessTokenOf('fmt-custom', { tokenFormat: 'JWT-Custom', tokenFields: ['tag', 'displayName'] });
      expect(payload).toMatchObject({ tag: 'vip', displayName: 'SDK User', tokenType: 'access-token' });
      expect(payload).not.toHaveProperty('email');
      expect(payload).not.toHaveProperty('name');
    });

    it('JWT-Standard uses the OpenID Connect claim names', async () => {
      const { payload } = await accessTokenOf('fmt-standard', { tokenFormat: 'JWT-Standard' });
      expect(payload).toMatchObject({
        preferred_username: 'sdk-user',
        name: 'SDK User',
        email: 'sdk@example.com',
        email_verified: false,
      });
    });

    it('signs with RS512 and with an ES256 cert when the application says so', async () => {
      const rs512 = await accessTokenOf('alg-rs512', { tokenSigningMethod: 'RS512' });
      expect(rs512.protectedHeader.alg).toBe('RS512');
      await admin.post('/api/add-cert', {
        owner: 'admin',
        name: 'ec-cert',
        displayName: 'EC',
        scope: 'JWT',
        type: 'x509',
        cryptoAlgorithm: 'ES256',
        bitSize: 0,
        expireInYears: 1,
      });
      const es = await accessTokenOf('alg-es256', { cert: 'ec-cert', tokenSigningMethod: 'ES256' });
      expect(es.protectedHeader).toMatchObject({ alg: 'ES256', kid: 'ec-cert' });
      expect(decodeProtectedHeader(es.body.refresh_token).alg).toBe('ES256');
    });

    it('expires access tokens after expireInHours', async () => {
      const { payload } = await accessTokenOf('fmt-expiry', { expireInHours: 2 });
      expect(Number(payload.exp) - Number(payload.iat)).toBe(7200);
    });
  });
});
