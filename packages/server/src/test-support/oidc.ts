import { ApiClient } from './client.js';

/** An application registered for an OAuth test, with every grant and a loopback redirect URI. */
export const REDIRECT_URI = 'http://127.0.0.1:9999/callback';
export const ALL_GRANTS = [
  'authorization_code',
  'password',
  'client_credentials',
  'token',
  'id_token',
  'refresh_token',
  'urn:ietf:params:oauth:grant-type:device_code',
];

/** POST to the token endpoint with `params` as a form, as an OAuth client sends them. */
export function postTokenEndpoint(baseUrl: string, params: Record<string, string>): Promise<Response> {
  return fetch(`${baseUrl}/api/login/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

export async function createOAuthApplication(admin: ApiClient, name: string, fields: Record<string, unknown> = {}) {
  const added = await admin.post('/api/add-application', {
    owner: 'admin',
    name,
    organization: 'built-in',
    cert: 'cert-built-in',
    redirectUris: [REDIRECT_URI],
    grantTypes: ALL_GRANTS,
    enablePassword: true,
    expireInHours: 1,
    refreshExpireInHours: 2,
    failedSigninLimit: 5,
    failedSigninFrozenTime: 15,
    tokenFormat: 'JWT',
    ...fields,
  });
  if (added.status !== 'ok') throw new Error(`add-application: ${added.msg}`);
  const app = (await admin.get('/api/get-application', { id: `admin/${name}` })).data;
  return app as { name: string; clientId: string; clientSecret: string; organization: string };
}

/**
 * Does what the sign-in page does for an authorization URL: validates it with get-app-login, signs
 * in with POST /api/login carrying the authorization parameters, and returns the URL the browser
 * would be sent back to (code in the query; tokens in the fragment for implicit response types).
 */
export async function signInThroughPage(
  baseUrl: string,
  authorizationUrl: URL,
  username: string,
  password: string,
  organization = 'built-in',
) {
  const q = authorizationUrl.searchParams;
  const params = {
    clientId: q.get('client_id') ?? '',
    responseType: q.get('response_type') ?? '',
    redirectUri: q.get('redirect_uri') ?? '',
    scope: q.get('scope') ?? '',
    state: q.get('state') ?? '',
    nonce: q.get('nonce') ?? undefined,
    code_challenge: q.get('code_challenge') ?? undefined,
    code_challenge_method: q.get('code_challenge_method') ?? undefined,
  };
  const browser = new ApiClient(baseUrl);
  const app = await browser.get('/api/get-app-login', params);
  if (app.status !== 'ok') return { error: app.msg };
  const login = await browser.post(
    '/api/login',
    { type: params.responseType, organization, username, password, autoSignin: true },
    params,
  );
  if (login.status !== 'ok') return { error: login.msg };
  const back = new URL(params.redirectUri);
  if (params.responseType === 'code') {
    back.searchParams.set('code', String(login.data));
    if (params.state) back.searchParams.set('state', params.state);
  } else {
    // The implicit types: the fragment's parameters as the server answers them (data2), as the page sends them.
    const fragment = new URLSearchParams(login.data2 as Record<string, string>);
    if (params.state) fragment.set('state', params.state);
    back.hash = fragment.toString();
  }
  return { url: back, browser };
}

/** POSTs a form to one of the OAuth endpoints (token, refresh, introspect) as a client would. */
export function postOAuthForm(baseUrl: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
}

/** A refresh_token grant of a confidential client. */
export function refreshGrant(baseUrl: string, app: { clientId: string; clientSecret: string }, refreshToken: string) {
  return postOAuthForm(baseUrl, '/api/login/oauth/refresh_token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
}

/** A client_credentials grant of `app` with `secret` (its own unless another is given). */
export function clientCredentialsGrant(
  baseUrl: string,
  app: { clientId: string; clientSecret: string },
  secret = app.clientSecret,
) {
  return postOAuthForm(baseUrl, '/api/login/oauth/access_token', {
    grant_type: 'client_credentials',
    client_id: app.clientId,
    client_secret: secret,
  });
}

/** Adds an RS256 2048-bit x509 cert `admin/<name>` for JWTs and SAML, valid a year; fails the test otherwise. */
export async function addRsaCert(admin: ApiClient, name: string): Promise<void> {
  const cert = await admin.post('/api/add-cert', {
    owner: 'admin',
    name,
    scope: 'JWT',
    type: 'x509',
    cryptoAlgorithm: 'RS256',
    bitSize: 2048,
    expireInYears: 1,
  });
  if (cert.status !== 'ok') throw new Error(`add-cert ${name}: ${cert.msg}`);
}
