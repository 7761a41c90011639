import {
  ADMIN_OWNER,
  type Application,
  type ConsentRecord,
  type Envelope,
  isAdmin,
  mayRevokeConsents,
  type User,
  user as userDef,
} from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { type Account, accountOf } from '../../auth/account.js';
import type { ServerContext } from '../../context.js';
import { users } from '../../domain/user.js';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { bodyOf } from '../../http/params.js';
import { answerAuthorization } from './answer.js';
import { type AuthorizeRequest, freshSigninRequired, validateAuthorizeRequest } from './authorize.js';
import { parseScopes } from './params.js';

/**
 * OAuth consent, as Casdoor decides it (object/consent.go CheckConsentRequired): an authorization
 * request needs the user's consent when it asks for one of the application's custom scopes
 * (application.customScopes) that the user has not granted to that application before. The grants
 * are the user's `applicationScopes`, one {application: "admin/<name>", grantedScopes} per
 * application. OpenID Connect's prompt=consent asks again whatever was granted.
 */

/** The id an application's grants are kept under (Casdoor's application.GetId()). */
export function applicationIdOf(app: Pick<Application, 'owner' | 'name'>): string {
  return `${app.owner}/${app.name}`;
}

function consentsOf(user: User): ConsentRecord[] {
  return user.applicationScopes;
}

function customScopesOf(app: Application): Set<string> {
  return new Set(app.customScopes.map((s) => s.scope));
}

/** The scopes the user granted to the application so far. */
export function grantedScopesOf(user: User, app: Application): string[] {
  return consentsOf(user).find((r) => r.application === applicationIdOf(app))?.grantedScopes ?? [];
}

/** The requested custom scopes of the application the user has not granted to it yet. */
export function scopesAwaitingConsent(user: User, app: Application, scope: string): string[] {
  const custom = customScopesOf(app);
  const granted = new Set(grantedScopesOf(user, app));
  return parseScopes(scope).filter((s) => custom.has(s) && !granted.has(s));
}

/** Whether the authorization request must show the consent screen before it is answered. */
export function consentRequired(user: User, app: Application, req: Pick<AuthorizeRequest, 'scope' | 'prompt'>): boolean {
  if ((req.prompt ?? '').split(' ').includes('consent')) return true;
  return scopesAwaitingConsent(user, app, req.scope).length > 0;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** grantedScopes of a consent body: a list of scope names (a space-separated string is read too). */
function scopeListOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return parseScopes(value);
  if (!Array.isArray(value) || value.length > 100) throw new AppError('consentScopesInvalid');
  const scopes = value.map((s) => (typeof s === 'string' ? s.trim() : ''));
  if (scopes.some((s) => s === '' || s.length > 100 || /\s/.test(s))) throw new AppError('consentScopesInvalid');
  return [...new Set(scopes)];
}

/** A grant-consent body may name its user (Casdoor's older ConsentRecord did); it must be the caller. */
function checkOwnUser(body: Record<string, unknown>, user: User) {
  const named = str(body.user);
  if (named && named !== `${user.owner}/${user.name}` && named !== user.name) throw new AppError('consentOtherUser');
}

async function saveConsents(server: ServerContext, user: User, records: ConsentRecord[]) {
  await users.update(server, 'system', user, { applicationScopes: records }, { columns: ['applicationScopes'] });
}

/**
 * POST /api/grant-consent, Casdoor's body {application, grantedScopes, clientId, responseType,
 * redirectUri, scope, state, nonce, challenge, resource ...}: the signed-in user (console session)
 * grants scopes of the request to its application, and the answer is what POST /api/login would
 * have answered — the code, or the token of an implicit request. Only scopes the request asked for
 * can be granted; a custom scope left ungranted is left out of the code's scope (RFC 6749 §3.3).
 */
export async function grantConsent(server: ServerContext, request: FastifyRequest): Promise<Envelope> {
  const account = await accountOf(server, request);
  if (account?.via !== 'session' || !account.user) throw new AppError('pleaseLogin');
  const body = bodyOf(request);
  const challenge = str(body.challenge);
  const req: AuthorizeRequest = {
    clientId: str(body.clientId),
    responseType: str(body.responseType) || 'code',
    redirectUri: str(body.redirectUri),
    scope: str(body.scope),
    state: str(body.state),
    nonce: str(body.nonce),
    codeChallenge: challenge,
    codeChallengeMethod: challenge ? 'S256' : '',
    prompt: str(body.prompt),
    maxAge: str(body.maxAge),
  };
  const app = await validateAuthorizeRequest(server, req);
  // The consent screen follows the sign-in that asked for it; max_age still holds (prompt=login was
  // the sign-in's to enforce). The code carries the session's real auth_time either way.
  const signin = { authTime: account.authTime ?? 0, authMethods: account.authMethods ?? [] };
  if (freshSigninRequired({ maxAge: req.maxAge }, signin.authTime)) throw new AppError('signinAgainRequired');
  if (str(body.application) !== applicationIdOf(app))
    throw new AppError('consentApplicationMismatch', { application: str(body.application), expected: applicationIdOf(app) });
  const user = account.user;
  checkOwnUser(body, user);
  if (user.owner !== app.organization) throw new AppError('userNotInApplication', { application: app.name });

  const requested = parseScopes(req.scope);
  const scopes = scopeListOf(body.grantedScopes);
  const unrequested = scopes.find((s) => !requested.includes(s));
  if (unrequested !== undefined) throw new AppError('consentScopeNotRequested', { scope: unrequested });

  const id = applicationIdOf(app);
  const records = consentsOf(user).map((r) => ({ ...r, grantedScopes: [...r.grantedScopes] }));
  if (scopes.length > 0) {
    const record = records.find((r) => r.application === id);
    if (record) record.grantedScopes = [...new Set([...record.grantedScopes, ...scopes])];
    else records.push({ application: id, grantedScopes: scopes });
    await saveConsents(server, user, records);
  }

  const custom = customScopesOf(app);
  const granted = new Set(records.find((r) => r.application === id)?.grantedScopes ?? []);
  const consented = requested.filter((s) => !custom.has(s) || granted.has(s));
  const scope = consented.length === requested.length ? req.scope : consented.join(' ');
  const updatedUser = { ...user, applicationScopes: records };
  const answer = await answerAuthorization(server, request, { ...req, scope }, updatedUser, app, signin);
  return answer.redirect ? ok(answer.value, answer.redirect) : ok(answer.value);
}

/**
 * The user whose grants a revoke-consent call takes back: the caller's own, or the user the body
 * names (`owner/name`, or a name of the caller's organization) when the caller administers that
 * user's organization (the Consents block of a user's page in the console).
 */
async function revokedUser(server: ServerContext, account: Account, body: Record<string, unknown>): Promise<User> {
  const own = account.user;
  const named = str(body.user).trim();
  if (!named || (own && (named === `${own.owner}/${own.name}` || named === own.name))) {
    if (!own) throw new AppError('pleaseLogin');
    return own;
  }
  const slash = named.indexOf('/');
  const id =
    slash < 0 ? { owner: account.viewer.owner, name: named } : { owner: named.slice(0, slash), name: named.slice(slash + 1) };
  if (!mayRevokeConsents(account.viewer, id)) throw new AppError(isAdmin(account.viewer) ? 'unauthorized' : 'consentOtherUser');
  const user = await server.repo(userDef).get(id.owner, id.name);
  if (!user) throw new AppError('missing', { entity: 'user', id: `${id.owner}/${id.name}` });
  return user;
}

/**
 * POST /api/revoke-consent, body ConsentRecord {application, grantedScopes} (and optionally the
 * `user`, see revokedUser): the signed-in user takes back scopes granted to an application; the
 * next request for them asks again. The record goes when no scope is left. The answer is whether
 * anything was revoked.
 */
export async function revokeConsent(server: ServerContext, request: FastifyRequest): Promise<Envelope> {
  const account = await accountOf(server, request);
  if (!account) throw new AppError('pleaseLogin');
  const body = bodyOf(request);
  const user = await revokedUser(server, account, body);
  const named = str(body.application).trim();
  if (!named) throw new AppError('consentApplicationEmpty');
  const scopes = scopeListOf(body.grantedScopes);
  if (scopes.length === 0) throw new AppError('consentScopesEmpty');
  // Casdoor keys grants by application id (admin/<name>); a bare name means the same application.
  const id = named.includes('/') ? named : `${ADMIN_OWNER}/${named}`;

  let changed = false;
  const records: ConsentRecord[] = [];
  for (const record of consentsOf(user)) {
    if (record.application !== id) {
      records.push(record);
      continue;
    }
    const remaining = record.grantedScopes.filter((s) => !scopes.includes(s));
    if (remaining.length !== record.grantedScopes.length) changed = true;
    if (remaining.length > 0) records.push({ ...record, grantedScopes: remaining });
  }
  if (changed) await saveConsents(server, user, records);
  return ok(changed);
}
