import {
  ADMIN_OWNER,
  type Application,
  type ApplicationProvider,
  BUILT_IN_APPLICATION,
  type Organization,
  type Provider,
  randomId,
  type User,
} from '@gatehouse/entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { applicationByName, defaultApplicationOf } from '../domain/application.js';
import { inTransaction } from '../domain/entity-domain.js';
import { findIdentity, identityRow, linkIdentity, refreshIdentity } from '../domain/identities.js';
import { organizationByName } from '../domain/organization.js';
import { providerByName } from '../domain/provider.js';
import { users } from '../domain/user.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { originOf } from '../http/origin.js';
import { bodyOf, isJsonObject, paramOf, queryParam } from '../http/params.js';
import { requestWith } from '../http/request-state.js';
import { type IdpIdentity, identityFromCode, idpModuleOf } from '../integrations/oauth/index.js';
import { checkSamlProvider } from '../integrations/saml/sp-config.js';
import { samlIdentity } from '../integrations/saml/sp-identity.js';
import { newSamlRequestId, samlLoginAnswer } from '../integrations/saml/sp-request.js';
import { checkWeb3Provider, issueWeb3Nonce, web3Identity } from '../integrations/web3/index.js';
import { sessionUserOf } from './account.js';
import { issueProviderState, type ProviderFlow, type ProviderMethod, verifyProviderState } from './provider-state.js';
import { markFreshSignin } from './signin-types.js';

/**
 * Signing in through an OAuth identity provider (Casdoor: web/src/auth/Provider.js, AuthCallback.js
 * and the provider branch of controllers/auth.go Login):
 *
 * 1. The sign-in page's provider button posts the sign-in request it would send to /api/login
 *    (type, query, body) to POST /api/provider-auth-url, which checks it as /api/login would, and
 *    answers the provider's authorization URL with a state bound to the browser (provider-state.ts).
 * 2. The provider sends the browser to /callback, which posts /api/login with {type, application,
 *    provider, code, state, redirectUri, method} (Casdoor's body).
 * 3. /api/login takes the sign-in request from the verified state (never from the page), exchanges
 *    the code and reads who signed in: the user linked to that identity signs in; else, with the
 *    application's "link with e-mail", the user of the same verified address is linked and signs
 *    in; else a new user signs up when the application, the provider and the application's provider
 *    row allow it. The sign-in then completes as a password sign-in of the same type does.
 * With method "link" the identity is attached to the signed-in user instead.
 */

/** Fields of the sign-in request the state never carries (credentials, and what the callback adds). */
const NOT_CARRIED = new Set(['username', 'password', 'code', 'provider', 'method', 'captchaToken', 'clientSecret']);
/** Entries and characters a carried request may have (a SAML request is the largest). */
const MAX_CARRIED_ENTRIES = 40;
const MAX_CARRIED_CHARS = 64 * 1024;

/** The row and the provider record of an application's provider, or the refusal. */
export async function applicationProvider(
  server: ServerContext,
  app: Application,
  providerName: string,
): Promise<{ row: ApplicationProvider; provider: Provider }> {
  const row = (app.providers ?? []).find((item) => item.name === providerName);
  const provider = row
    ? ((await providerByName(server, app.organization, providerName)) ??
      (await providerByName(server, ADMIN_OWNER, providerName)))
    : undefined;
  if (!row || !provider) throw new AppError('providerNotInApplication', { name: providerName });
  if (provider.category === 'Web3') checkWeb3Provider(provider);
  else if (provider.category === 'OAuth') idpModuleOf(provider);
  else if (provider.category === 'SAML') checkSamlProvider(provider);
  else {
    throw new AppError('providerWrongCategory', {
      name: provider.name,
      category: provider.category,
      expected: 'OAuth/Web3/SAML',
    });
  }
  return { row, provider };
}

/**
 * Who signed in at the provider: an OAuth provider's code exchanged, (Web3) the wallet's signed
 * token checked against the nonce the state carries, or (SAML) the SAMLResponse checked against the
 * AuthnRequest the state carries.
 */
async function identityOf(server: ServerContext, provider: Provider, flow: ProviderFlow, code: string): Promise<IdpIdentity> {
  if (provider.category === 'Web3') {
    return web3Identity(server.database, provider, { code, nonce: flow.nonce ?? '', stateExpires: flow.expires });
  }
  // SAML: the SAMLResponse the browser brought back from the ACS (auth/saml-login.ts).
  if (provider.category === 'SAML') return samlIdentity(server, provider, flow, code);
  return identityFromCode(server.services.outbound, provider, { code, redirectUri: flow.redirectUri });
}

/**
 * The application whose providers a user links (Casdoor's GetApplicationByUser): the one the user
 * signed up through, else the organization's default application, else the built-in one.
 */
export async function userApplicationOf(server: ServerContext, user: User): Promise<Application | undefined> {
  if (user.signupApplication) {
    const signup = await applicationByName(server, user.signupApplication);
    if (signup && signup.organization === user.owner) return signup;
  }
  const org = await organizationByName(server, user.owner);
  const byDefault = org ? await defaultApplicationOf(server, org) : undefined;
  return byDefault ?? (await applicationByName(server, BUILT_IN_APPLICATION));
}

/** A string map of the page's sign-in request, without credentials. */
function carried(value: unknown, name: string): Record<string, string> {
  if (value === undefined || value === null || value === '') return {};
  if (!isJsonObject(value)) throw new AppError('invalidField', { field: name, detail: 'an object' });
  const out: Record<string, string> = {};
  let size = 0;
  for (const [key, raw] of Object.entries(value)) {
    if (NOT_CARRIED.has(key) || raw === undefined || raw === null) continue;
    const text = typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : null;
    if (text === null) throw new AppError('invalidField', { field: `${name}.${key}`, detail: 'a string' });
    out[key] = text;
    size += key.length + text.length;
  }
  if (Object.keys(out).length > MAX_CARRIED_ENTRIES || size > MAX_CARRIED_CHARS) {
    throw new AppError('invalidField', { field: name, detail: 'too large' });
  }
  return out;
}

/** A path of this console to come back to (never another site). */
function consolePath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value.slice(0, 2000)
    : '';
}

function methodOf(value: string): ProviderMethod {
  // Casdoor's pages also say "signin" for the sign-in page's buttons.
  if (value === '' || value === 'signup' || value === 'signin') return 'signup';
  if (value === 'link') return 'link';
  throw new AppError('providerMethodInvalid', { method: value });
}

/** Where the identity provider sends the browser back. */
function callbackUri(server: ServerContext, request: FastifyRequest, app: Application): string {
  const origin = app.forcedRedirectOrigin?.trim().replace(/\/+$/, '') || originOf(server.config, request);
  return `${origin}/callback`;
}

/**
 * POST /api/provider-auth-url {provider, method, type, query, body, from}: checks the sign-in
 * request (for a link: the signed-in user and their application), and answers data = the
 * provider's authorization URL, whose state this browser alone can bring back.
 */
export async function providerAuthUrl(server: ServerContext, request: FastifyRequest, reply: FastifyReply) {
  const input = bodyOf(request);
  const providerName = paramOf(request, 'provider');
  if (!providerName) throw new AppError('missingParameter', { name: 'provider' });
  const method = methodOf(paramOf(request, 'method'));
  let typeName = paramOf(request, 'type') || 'login';
  let query = carried(input.query, 'query');
  let body = carried(input.body, 'body');
  let app: Application;
  if (method === 'link') {
    const user = await sessionUserOf(server, request);
    if (!user) throw new AppError('pleaseLogin');
    const found = await userApplicationOf(server, user);
    if (!found) throw new AppError('providerNotInApplication', { name: providerName });
    app = found;
    typeName = 'login';
    query = {};
    body = { application: app.name };
  } else {
    const type = server.services.signinTypes.get(typeName);
    if (!type) throw new AppError('loginTypeUnsupported', { type: typeName });
    // The request is checked now, as /api/login will check it again: a bad one never leaves for the provider.
    app = await type.application(server, requestWith(request, query, body));
  }
  const { row, provider } = await applicationProvider(server, app, providerName);
  // get-saml-login names the provider as owner/name: the application's row must resolve to that one.
  const providerId = paramOf(request, 'providerId');
  if (providerId && providerId !== `${provider.owner}/${provider.name}`)
    throw new AppError('providerNotInApplication', { name: providerId });
  if (method === 'signup' && !row.canSignIn && !row.canSignUp)
    throw new AppError('providerNotInApplication', { name: providerName });

  // SAML: the ACS at this origin sends the browser on to this origin's /callback (auth/saml-login.ts).
  const saml = provider.category === 'SAML' ? { origin: originOf(server.config, request), requestId: newSamlRequestId() } : null;
  const redirectUri = saml ? `${saml.origin}/callback` : callbackUri(server, request, app);
  // A wallet signs a nonce of the server's (single use; carried by the signed state, stored nowhere)
  // instead of visiting an authorization page.
  const nonce = provider.category === 'Web3' ? issueWeb3Nonce() : undefined;
  const state = issueProviderState(request, reply, {
    application: app.name,
    provider: provider.name,
    method,
    type: typeName,
    query,
    body,
    redirectUri,
    from: consolePath(input.from),
    ...(nonce ? { nonce } : {}),
    ...(saml ? { requestId: saml.requestId } : {}),
  });
  // Web3 (Casdoor's getAuthUrl): the console's own callback, where the signed token is posted; data2 = the nonce to sign.
  if (nonce) return ok(`${redirectUri}?state=${encodeURIComponent(state)}`, nonce);
  // SAML (Casdoor's get-saml-login): data = the SSO URL with the AuthnRequest, or the form page posting it; data2 = GET or POST.
  if (saml) return samlLoginAnswer(server, provider, { ...saml, state });
  return ok(idpModuleOf(provider).authorizeUrl(provider, { redirectUri, state }));
}

/** A SAMLResponse as posted: base64, or base64 URL-encoded (Casdoor's page encodes it). */
function samlResponseOf(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A parameter of the callback page's post: the body's first (the query may hold the sign-in request's own state). */
function callbackParam(request: FastifyRequest, name: string): string {
  const value = bodyOf(request)[name];
  if (typeof value === 'string' && value !== '') return value;
  return queryParam(request, name);
}

export interface ProviderSignin {
  flow: ProviderFlow;
  code: string;
  /** The sign-in request as the state carries it (cookies and addresses of the real request). */
  request: FastifyRequest;
}

/**
 * The sign-in through a provider that a POST /api/login carries (provider and code), or null for
 * any other sign-in. The state must be this browser's, unexpired, and for the provider named.
 */
export function providerSigninOf(request: FastifyRequest): ProviderSignin | null {
  const provider = callbackParam(request, 'provider');
  // A SAML provider's sign-in brings back the SAMLResponse (Casdoor's samlResponse, URL-encoded by its page).
  const code = callbackParam(request, 'code') || samlResponseOf(callbackParam(request, 'samlResponse'));
  if (!provider || !code) return null;
  const flow = verifyProviderState(request, callbackParam(request, 'state'));
  if (flow.provider !== provider) throw new AppError('providerStateInvalid');
  const redirectUri = callbackParam(request, 'redirectUri');
  if (redirectUri && redirectUri !== flow.redirectUri) throw new AppError('providerRedirectMismatch', { uri: redirectUri });
  const autoSignin = callbackParam(request, 'autoSignin');
  const body: Record<string, unknown> = { ...flow.body, type: flow.type, provider: flow.provider, method: flow.method };
  if (autoSignin) body.autoSignin = autoSignin;
  const signinRequest = requestWith(request, flow.query, body);
  // Its user authenticates at the identity provider now (a fresh sign-in).
  markFreshSignin(signinRequest);
  return { flow, code, request: signinRequest };
}

/** A user name from what the provider says: no slash, spaces or control characters; at most 100 characters. */
function usernameBase(identity: IdpIdentity, org: Organization): string {
  const wanted = org.useEmailAsUsername && identity.email ? identity.email : identity.username || identity.id;
  const cleaned = wanted
    .normalize('NFC')
    .replace(/[/\s\p{Cc}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return cleaned.slice(0, 90) || 'user';
}

/** Creates the user a provider identity signs up, with the identity linked (one transaction). */
async function signUpWithIdentity(
  server: ServerContext,
  app: Application,
  org: Organization,
  row: ApplicationProvider,
  provider: Provider,
  identity: IdpIdentity,
): Promise<{ user: User; created: boolean }> {
  const { db } = server.database;
  const repo = users.repo(server);
  const base = usernameBase(identity, org);
  // An address another user of the organization has stays off the new account (sign-in by e-mail
  // must find one user); the identity still carries it.
  const email = identity.email && !(await repo.findBy('email', identity.email, { owner: org.name })) ? identity.email : '';
  for (let attempt = 0; ; attempt++) {
    const name = attempt === 0 && !(await repo.exists(org.name, base)) ? base : `${base}_${randomId(6)}`;
    const input = {
      owner: org.name,
      name,
      type: 'normal-user',
      displayName: identity.displayName || identity.username || name,
      email,
      emailVerified: !!email && identity.emailVerified,
      avatar: identity.avatarUrl,
      signupApplication: app.name,
      groups: row.signupGroup ? [row.signupGroup] : app.defaultGroup ? [app.defaultGroup] : [],
      isAdmin: false,
      // No password: not even the organization's default one, which anybody could then use.
      password: '',
    };
    try {
      // What every new user gets (id, initial score, default avatar and country code) comes from
      // the users domain; the identity is linked in the same transaction.
      return await inTransaction(server, undefined, async (trx) => {
        const user = await users.create(server, 'system', input, { trx });
        await linkIdentity(trx, identityRow(org.name, name, provider, identity));
        return { user, created: true };
      });
    } catch (error) {
      // A concurrent sign-up took the name (try another) or the identity (sign in with that user).
      const linked = await findIdentity(db, org.name, provider.name, identity.id);
      if (linked) {
        const existing = await repo.get(linked.owner, linked.user);
        if (existing) return { user: existing, created: false };
      }
      if (attempt >= 5 || !(await repo.exists(org.name, name))) throw error;
    }
  }
}

/**
 * The user a provider sign-in of `app` signs in (step 3 above). `app` comes from the sign-in
 * type, checked against the state's.
 */
export async function providerUser(
  server: ServerContext,
  app: Application,
  signin: ProviderSignin,
): Promise<{ user: User; created: boolean }> {
  const { flow, code } = signin;
  if (app.name !== flow.application) throw new AppError('providerStateInvalid');
  const { row, provider } = await applicationProvider(server, app, flow.provider);
  const identity = await identityOf(server, provider, flow, code);
  const { db } = server.database;
  const repo = users.repo(server);
  const owner = app.organization;
  const org = await organizationByName(server, owner);
  if (!org) throw new AppError('organizationMissing', { name: owner });

  const signedIn = (user: User) => {
    if (user.isForbidden) throw new AppError('userForbidden');
    return { user, created: false };
  };

  const linked = await findIdentity(db, owner, provider.name, identity.id);
  if (linked) {
    const user = await repo.get(owner, linked.user);
    if (user && !user.isDeleted) {
      await refreshIdentity(db, identityRow(owner, linked.user, provider, identity));
      return signedIn(user);
    }
    // The user it was linked to is gone: the identity is free again.
    await db
      .deleteFrom('userIdentity')
      .where('owner', '=', owner)
      .where('providerName', '=', provider.name)
      .where('subject', '=', linked.subject)
      .execute();
  }

  // "Link with e-mail": an address the provider vouches for finds the user who has it.
  if (app.enableLinkWithEmail && identity.email && identity.emailVerified) {
    const byEmail = await repo.findBy('email', identity.email, { owner });
    if (byEmail && !byEmail.isDeleted) {
      const found = signedIn(byEmail);
      await db.transaction().execute((trx) => linkIdentity(trx, identityRow(owner, byEmail.name, provider, identity)));
      return found;
    }
  }

  const who = { type: provider.type, username: identity.username, displayName: identity.displayName };
  if (!app.enableSignUp || !provider.enableSignUp) throw new AppError('providerSignupNotAllowed', who);
  if (!row.canSignUp) throw new AppError('providerSignupNotAllowedVia', who);
  return signUpWithIdentity(server, app, org, row, provider, identity);
}

/** method "link": attaches the identity to the signed-in user (their application's provider). */
export async function linkWithProvider(server: ServerContext, signin: ProviderSignin) {
  const { flow, code } = signin;
  const user = await sessionUserOf(server, signin.request);
  if (!user) throw new AppError('pleaseLogin');
  const app = await applicationByName(server, flow.application);
  if (!app) throw new AppError('applicationMissing', { name: flow.application });
  if (app.organization !== user.owner) {
    throw new AppError('providerLinkOtherOrganization', { application: app.name, organization: app.organization });
  }
  const { provider } = await applicationProvider(server, app, flow.provider);
  const identity = await identityOf(server, provider, flow, code);
  const { db } = server.database;
  const { owner, name } = user;
  const linked = await findIdentity(db, owner, provider.name, identity.id);
  if (linked && linked.user !== name) {
    const other = await users.repo(server).get(owner, linked.user);
    throw new AppError('providerLinkedToOther', {
      type: provider.type,
      username: identity.username,
      displayName: identity.displayName,
      name: linked.user,
      otherDisplayName: other?.displayName ?? '',
    });
  }
  await db.transaction().execute((trx) => linkIdentity(trx, identityRow(owner, name, provider, identity)));
  return ok(true, flow.from || '');
}
