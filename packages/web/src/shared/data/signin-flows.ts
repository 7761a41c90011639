import type { LoginForm } from './account';
import { type Rec, request } from './client';
import { postSignin } from './post-signin';

/** The protocol pages' sign-in calls (OAuth, SAML, CAS, consent) and identity providers. */

/** Validates an authorization request; data is the application (no secrets) with organizationObj. */
export function getAppLogin(query: Record<string, string>) {
  return request<Rec>('GET', '/api/get-app-login', { query });
}

/**
 * Signs in for an authorization request (type code, token or id_token, the request's parameters in
 * the query) or approves a device (type device). Without username the session stands in.
 */
export function oauthLogin(type: string, query: Record<string, string>, body: Partial<LoginForm> & { userCode?: string }) {
  return postSignin<string>({ type, application: '', signinMethod: 'Password', ...body }, query);
}

/**
 * The consent screen's Allow (Casdoor's body): the signed-in user grants `grantedScopes` of the
 * authorization request to its application; data is the code (or the implicit token), as
 * POST /api/login would have answered without the consent step.
 */
export function grantConsent(body: {
  application: string;
  grantedScopes: string[];
  clientId: string;
  responseType: string;
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  challenge: string;
  prompt: string;
  maxAge: string;
}) {
  return request<string, Record<string, string>>('POST', '/api/grant-consent', {
    body: { provider: '', signinMethod: '', resource: '', ...body },
  });
}

/**
 * Takes back scopes granted to an application (Casdoor's ConsentRecord body); `user` (owner/name)
 * names whose grants, so that an administrator acts on the user of the page. data is whether
 * anything was revoked.
 */
export function revokeConsent(body: { application: string; grantedScopes: string[]; user: string }) {
  return request<boolean>('POST', '/api/revoke-consent', { body });
}

/**
 * Signs in on a CAS sign-in page (type cas; service and renew in the query). data is the service
 * ticket and data2 the service URL with it, both '' without a service. Without username the
 * session stands in.
 */
export function casLogin(
  query: Record<string, string>,
  body: { application: string; organization: string } & Partial<LoginForm>,
) {
  return postSignin<string, string>({ type: 'cas', signinMethod: 'Password', ...body }, query);
}

/**
 * Signs in on the SAML sign-in page (type saml): the AuthnRequest (samlRequest + relayState, or
 * samlQuery + signature) goes in the body, as Casdoor's page sends it. data is the base64
 * SAMLResponse and data2 where it goes. Without username the session stands in.
 */
export function samlLogin(
  samlParams: Record<string, string>,
  body: { application: string; organization: string } & Partial<LoginForm>,
) {
  return postSignin<string, { redirectUrl: string; method: string; relayState?: string }>({
    type: 'saml',
    signinMethod: 'Password',
    ...samlParams,
    ...body,
  });
}

/**
 * Starts a sign-in (or a link) through the SAML provider owner/name (Casdoor's call): `relayState`
 * is the sign-in to continue, base64 of {method, type, query, body, from}. data is the IdP's SSO
 * URL with the AuthnRequest (data2 GET), or a page with the form posting it (data2 POST).
 */
export function getSamlLogin(id: string, relayState: string) {
  return request<string, 'GET' | 'POST'>('GET', '/api/get-saml-login', { query: { id, relayState } });
}

/** The sign-in request a provider button carries through the identity provider (what /api/login would get, without credentials). */
export interface ProviderSigninRequest {
  /** The sign-in type: login, code, token, id_token, saml, cas. */
  type: string;
  query: Record<string, string>;
  body: Record<string, string>;
  /** The console page to return to afterwards (the page signed in from, or the one the guard remembered). */
  from: string;
}

/** data is the identity provider's authorization URL; the state it carries is bound to this browser. */
export function providerAuthUrl(body: { provider: string; method: 'signup' | 'link' } & Partial<ProviderSigninRequest>) {
  return request<string>('POST', '/api/provider-auth-url', { body });
}

/**
 * The /callback page's sign-in (Casdoor's body): the server takes the sign-in request from the
 * state. data is what the sign-in type answers (a link answers true, data2 the page to return to).
 */
export function providerLogin(body: {
  type: string;
  application: string;
  provider: string;
  code: string;
  /** A SAML provider's response (Casdoor's field), instead of a code. */
  samlResponse?: string;
  state: string;
  redirectUri: string;
  method: string;
}) {
  return request<unknown, unknown>('POST', '/api/login', { body });
}

/** The application whose providers the user owner/name links, with each row's provider; null when none. */
export function getUserApplication(owner: string, name: string) {
  return request<Rec | null>('GET', '/api/get-user-application', { query: { id: `${owner}/${name}` } });
}

/** An account of an identity provider linked to a user. */
export interface LinkedIdentity {
  providerName: string;
  providerType: string;
  subject: string;
  username: string;
  displayName: string;
  email: string;
  avatar: string;
  createdTime: string;
}

export function getUserIdentities(owner: string, name: string) {
  return request<LinkedIdentity[]>('GET', '/api/get-user-identities', { query: { id: `${owner}/${name}` } });
}

/** Removes a linked account (Casdoor's body; `user` names whose). */
export function unlinkIdentity(body: { providerType: string; providerName: string; user: { owner: string; name: string } }) {
  return request<unknown>('POST', '/api/unlink', { body });
}
