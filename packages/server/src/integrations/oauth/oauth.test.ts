import type { Provider } from '@gatehouse/entities';
import { afterEach, describe, expect, it } from 'vitest';
import { providerRecord } from '../../test-support/messaging-peers.js';
import { type IdpPeer, type IdpPeerOptions, startIdpPeer } from '../../test-support/oauth-idp-peer.js';
import { loopbackOutbound } from '../../test-support/outbound.js';
import { azureAd } from './azure-ad.js';
import { mapIdentity, valueAtPath } from './custom.js';
import { github } from './github.js';
import { identityFromCode, idpModuleOf } from './index.js';

const REDIRECT = 'https://id.example.com/callback';
const CLIENT = { clientId: 'client-1', clientSecret: 'secret-1' };

let peer: IdpPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

async function idp(options: Omit<IdpPeerOptions, 'clientId' | 'clientSecret'>) {
  peer = await startIdpPeer({ ...CLIENT, ...options });
  return peer;
}

function oauthProvider(values: Partial<Provider>): Provider {
  return providerRecord({ category: 'OAuth', ...CLIENT, ...values });
}

/** The token request the provider received (the last one to its token path). */
function tokenRequest(p: IdpPeer, path: string) {
  const found = p.requests.filter((r) => r.path === path).at(-1);
  if (!found) throw new Error(`no request to ${path}`);
  return found;
}

describe('GitHub', () => {
  const paths = { authorizePath: '/login/oauth/authorize', tokenPath: '/login/oauth/access_token', errorsWithStatus200: true };
  const documents = {
    '/user': { id: 583231, login: 'octocat', name: 'The Octocat', email: null, avatar_url: 'https://avatars.example/u/583231' },
    '/user/emails': [
      { email: 'old@example.org', primary: false, verified: true },
      { email: 'octocat@example.org', primary: true, verified: true },
    ],
  };

  it('sends the browser to the authorization page with the client, redirect URI, scopes and state', () => {
    const url = new URL(github.authorizeUrl(oauthProvider({ type: 'GitHub' }), { redirectUri: REDIRECT, state: 's.t' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: REDIRECT,
      scope: 'read:user user:email',
      response_type: 'code',
      state: 's.t',
    });
  });

  it('exchanges the code (JSON asked for) and reads the person and their primary verified address', async () => {
    const p = await idp(paths);
    const provider = oauthProvider({ type: 'GitHub', endpoint: p.url });
    const code = p.issueCode(documents, REDIRECT);
    expect(await identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT })).toEqual({
      id: '583231',
      username: 'octocat',
      displayName: 'The Octocat',
      email: 'octocat@example.org',
      emailVerified: true,
      avatarUrl: 'https://avatars.example/u/583231',
    });
    const token = tokenRequest(p, paths.tokenPath);
    expect(token.headers.accept).toBe('application/json');
    expect(Object.fromEntries(token.form)).toMatchObject({
      client_id: 'client-1',
      client_secret: 'secret-1',
      code,
      redirect_uri: REDIRECT,
    });
    expect(p.requests.find((r) => r.path === '/user')?.headers.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
  });

  it("keeps the profile's public address, unverified, when the address list is refused", async () => {
    const p = await idp(paths);
    const provider = oauthProvider({ type: 'GitHub', endpoint: p.url });
    const code = p.issueCode({ '/user': { ...documents['/user'], email: 'public@example.org', name: '' } }, REDIRECT);
    expect(await identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT })).toMatchObject({
      email: 'public@example.org',
      emailVerified: false,
      displayName: 'octocat',
    });
  });

  it('refuses what GitHub refuses (answered with HTTP 200): a used code, a wrong secret or redirect URI', async () => {
    const p = await idp(paths);
    const provider = oauthProvider({ type: 'GitHub', endpoint: p.url });
    const code = p.issueCode(documents, REDIRECT);
    await identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT });
    await expect(identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT })).rejects.toMatchObject({
      key: 'idpTokenFailed',
      params: { detail: 'invalid_grant: unknown or used code' },
    });
    await expect(
      identityFromCode(
        loopbackOutbound,
        { ...provider, clientSecret: 'wrong' },
        { code: p.issueCode(documents, REDIRECT), redirectUri: REDIRECT },
      ),
    ).rejects.toMatchObject({ key: 'idpTokenFailed', params: { detail: 'invalid_client: bad client' } });
    await expect(
      identityFromCode(loopbackOutbound, provider, {
        code: p.issueCode(documents, REDIRECT),
        redirectUri: 'https://evil.example/callback',
      }),
    ).rejects.toMatchObject({ key: 'idpTokenFailed', params: { detail: 'invalid_grant: redirect_uri mismatch' } });
  });

  it('replaces the addresses by the options (tests) as well as by the endpoint', async () => {
    const p = await idp(paths);
    const provider = oauthProvider({ type: 'GitHub' });
    const code = p.issueCode(documents, REDIRECT);
    const identity = await identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT }, { baseUrl: p.url });
    expect(identity.username).toBe('octocat');
  });
});

describe('Google', () => {
  const paths = { authorizePath: '/o/oauth2/v2/auth', tokenPath: '/token' };

  it('signs in with OpenID Connect: the userinfo claims, the e-mail as the username', async () => {
    const p = await idp(paths);
    const provider = oauthProvider({ type: 'Google', endpoint: p.url });
    const url = new URL(idpModuleOf(provider).authorizeUrl(provider, { redirectUri: REDIRECT, state: 'st' }));
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    const claims = {
      sub: '1098',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      email_verified: true,
      picture: 'https://p/a.png',
    };
    const code = p.issueCode({ '/v1/userinfo': claims }, REDIRECT);
    expect(await identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT })).toEqual({
      id: '1098',
      username: 'ada@example.org',
      displayName: 'Ada Lovelace',
      email: 'ada@example.org',
      emailVerified: true,
      avatarUrl: 'https://p/a.png',
    });
    expect(Object.fromEntries(tokenRequest(p, '/token').form)).toMatchObject({ grant_type: 'authorization_code', code });
  });

  it('answers the OAuth error of the token endpoint', async () => {
    const p = await idp(paths);
    const provider = oauthProvider({ type: 'Google', endpoint: p.url });
    await expect(identityFromCode(loopbackOutbound, provider, { code: 'nope', redirectUri: REDIRECT })).rejects.toMatchObject({
      key: 'idpTokenFailed',
      params: { provider: provider.displayName || provider.name, detail: 'invalid_grant: unknown or used code' },
    });
  });
});

describe('Microsoft Entra ID (AzureAD)', () => {
  it("uses the provider's tenant (domain), else common", () => {
    const authorize = (domain: string) =>
      new URL(azureAd.authorizeUrl(oauthProvider({ type: 'AzureAD', domain }), { redirectUri: REDIRECT, state: 's' }));
    expect(authorize('').pathname).toBe('/common/oauth2/v2.0/authorize');
    expect(authorize('contoso.onmicrosoft.com').toString()).toMatch(
      /^https:\/\/login\.microsoftonline\.com\/contoso\.onmicrosoft\.com\/oauth2\/v2\.0\/authorize\?/,
    );
    expect(() => authorize('a/../b')).toThrow(expect.objectContaining({ key: 'providerFieldInvalid' }));
  });

  it('exchanges the code at the tenant and reads Graph /me; the mail is never taken as verified', async () => {
    const tenant = '3f6df7ce-5830-4280-ae97-8e4016d1c6d0';
    const p = await idp({ authorizePath: `/${tenant}/oauth2/v2.0/authorize`, tokenPath: `/${tenant}/oauth2/v2.0/token` });
    const provider = oauthProvider({ type: 'AzureAD', domain: tenant, endpoint: p.url });
    const me = { id: 'aad-1', displayName: 'Grace Hopper', userPrincipalName: 'grace@contoso.com', mail: 'grace@contoso.com' };
    const code = p.issueCode({ '/v1.0/me': me }, REDIRECT);
    expect(await identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT })).toEqual({
      id: 'aad-1',
      username: 'grace@contoso.com',
      displayName: 'Grace Hopper',
      email: 'grace@contoso.com',
      emailVerified: false,
      avatarUrl: '',
    });
    expect(tokenRequest(p, `/${tenant}/oauth2/v2.0/token`).form.get('scope')).toBe('openid profile email User.Read');
  });
});

describe('Custom', () => {
  const paths = { authorizePath: '/login/oauth/authorize', tokenPath: '/api/login/oauth/access_token' };
  const customProvider = (url: string, values: Partial<Provider> = {}) =>
    oauthProvider({
      type: 'Custom',
      customAuthUrl: `${url}/login/oauth/authorize?tenant=t1`,
      customTokenUrl: `${url}/api/login/oauth/access_token`,
      customUserInfoUrl: `${url}/api/userinfo`,
      scopes: 'openid,profile email',
      userMapping: {
        id: 'sub',
        username: 'profile.login',
        displayName: 'name',
        email: 'emails.0.value',
        avatarUrl: 'picture',
      },
      ...values,
    });

  it('maps userinfo claims through the user mapping (names and dotted paths)', async () => {
    const p = await idp(paths);
    const provider = customProvider(p.url);
    const url = new URL(idpModuleOf(provider).authorizeUrl(provider, { redirectUri: REDIRECT, state: 'st' }));
    expect(url.searchParams.get('tenant')).toBe('t1');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    const claims = {
      sub: 'u-7',
      profile: { login: 'linus' },
      name: 'Linus T',
      emails: [{ value: 'linus@example.org' }],
      picture: 'https://p/l.png',
      email_verified: true,
    };
    const code = p.issueCode({ '/api/userinfo': claims }, REDIRECT);
    expect(await identityFromCode(loopbackOutbound, provider, { code, redirectUri: REDIRECT })).toEqual({
      id: 'u-7',
      username: 'linus',
      displayName: 'Linus T',
      email: 'linus@example.org',
      emailVerified: true,
      avatarUrl: 'https://p/l.png',
    });
    expect(Object.fromEntries(tokenRequest(p, paths.tokenPath).form)).toEqual({
      grant_type: 'authorization_code',
      client_id: 'client-1',
      client_secret: 'secret-1',
      code,
      redirect_uri: REDIRECT,
    });
  });

  it('refuses an answer without the mapped id, and a userinfo endpoint that fails', async () => {
    const p = await idp(paths);
    const provider = customProvider(p.url);
    await expect(
      identityFromCode(loopbackOutbound, provider, {
        code: p.issueCode({ '/api/userinfo': { name: 'x' } }, REDIRECT),
        redirectUri: REDIRECT,
      }),
    ).rejects.toMatchObject({ key: 'idpNoUserId', params: { path: 'sub' } });
    await expect(
      identityFromCode(loopbackOutbound, provider, { code: p.issueCode({ '/elsewhere': {} }, REDIRECT), redirectUri: REDIRECT }),
    ).rejects.toMatchObject({ key: 'idpUserInfoFailed', params: { detail: 'HTTP 404: {"message":"Not Found"}' } });
  });

  it('gives up on a provider that does not answer in time', async () => {
    const p = await idp(paths);
    p.hang(1);
    const provider = customProvider(p.url);
    await expect(
      identityFromCode(
        loopbackOutbound,
        provider,
        { code: p.issueCode({}, REDIRECT), redirectUri: REDIRECT },
        { timeoutMs: 300 },
      ),
    ).rejects.toMatchObject({ key: 'outboundTimeout' });
  });

  it("checks the address against the provider's e-mail pattern", async () => {
    const p = await idp(paths);
    const provider = customProvider(p.url, { emailRegex: '@example\\.com$' });
    const claims = { sub: 'u-8', profile: { login: 'eve' }, name: 'Eve', emails: [{ value: 'eve@example.org' }] };
    await expect(
      identityFromCode(loopbackOutbound, provider, {
        code: p.issueCode({ '/api/userinfo': claims }, REDIRECT),
        redirectUri: REDIRECT,
      }),
    ).rejects.toMatchObject({ key: 'idpEmailNotAllowed', params: { email: 'eve@example.org' } });
  });

  it('needs its three addresses', () => {
    const provider = oauthProvider({ type: 'Custom', customAuthUrl: '' });
    expect(() => idpModuleOf(provider).authorizeUrl(provider, { redirectUri: REDIRECT, state: 's' })).toThrow(
      expect.objectContaining({ key: 'providerFieldMissing', params: { field: 'customAuthUrl' } }),
    );
  });

  it('reads paths, and falls back to defaults for empty mapping entries', () => {
    expect(valueAtPath({ a: { b: [{ c: 5 }] } }, 'a.b.0.c')).toBe(5);
    expect(valueAtPath({ a: 1 }, 'a.b')).toBeUndefined();
    expect(valueAtPath({ ['__proto__']: 1 }, 'constructor')).toBeUndefined();
    const identity = mapIdentity(oauthProvider({ type: 'Custom', userMapping: { id: '', username: '' } }), {
      id: 42,
      displayName: 'D',
      'a.b': 'literal',
    });
    expect(identity).toMatchObject({ id: '42', username: '42', displayName: 'D', email: '', emailVerified: false });
  });
});

describe('the registry', () => {
  it('refuses provider types without a sign-in module', () => {
    expect(() => idpModuleOf(oauthProvider({ type: 'Facebook' }))).toThrow(
      expect.objectContaining({ key: 'providerTypeUnsupported', params: { category: 'OAuth', type: 'Facebook' } }),
    );
    expect(() => idpModuleOf(providerRecord({ category: 'Email', type: 'Custom' }))).toThrow(
      expect.objectContaining({ key: 'providerTypeUnsupported' }),
    );
  });
});
