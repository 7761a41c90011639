import { type Application, application as applicationDef, splitId } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { LooseRecord } from '../../db/repository.js';
import { applicationByClientId } from '../../domain/application.js';
import { organizationByName, organizationForSigninPage } from '../../domain/organization.js';
import { providerRowsWithProviders } from '../../domain/public-providers.js';
import { maskRecord } from '../../domain/records.js';
import { AppError } from '../../errors.js';
import { queryParam } from '../../http/params.js';
import { redirectUriAllowed } from './clients.js';

/** The parameters an authorization request carries (the sign-in page forwards them to /api/login). */
export interface AuthorizeRequest {
  clientId: string;
  responseType: string;
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  /** OpenID Connect's prompt (space-separated: none, login, consent ...); consent asks again. */
  prompt?: string;
  /**
   * OpenID Connect's max_age: the user must have proved who they are within this many seconds, else
   * sign in again ('' when not asked; 0 is prompt=login).
   */
  maxAge?: string;
}

export function authorizeRequestOf(request: FastifyRequest): AuthorizeRequest {
  // Casdoor's console sends camelCase names; clients may send RFC 6749's.
  const q = (camel: string, snake = camel) => queryParam(request, camel) || queryParam(request, snake);
  return {
    clientId: q('clientId', 'client_id'),
    responseType: q('responseType', 'response_type'),
    redirectUri: q('redirectUri', 'redirect_uri'),
    scope: q('scope'),
    state: q('state'),
    nonce: q('nonce'),
    codeChallenge: q('code_challenge', 'codeChallenge'),
    codeChallengeMethod: q('code_challenge_method', 'codeChallengeMethod'),
    prompt: q('prompt'),
    maxAge: q('max_age', 'maxAge'),
  };
}

/**
 * The response types, each with the grants the application must list (code is always allowed).
 * `id_token token` may come in either order (OAuth 2.0 Multiple Response Types §5).
 */
const RESPONSE_TYPE_GRANTS: Record<string, string[]> = {
  code: [],
  token: ['token'],
  id_token: ['id_token'],
  'id_token token': ['id_token', 'token'],
};

/** The response type with its words in a fixed order ("token id_token" is "id_token token"). */
export function normalizedResponseType(responseType: string): string {
  return responseType.split(' ').filter(Boolean).sort().join(' ');
}

/** Whether the response carries an ID token (OpenID Connect's implicit flow): a nonce is then required. */
export function answersIdToken(responseType: string): boolean {
  return normalizedResponseType(responseType).split(' ').includes('id_token');
}

/** The prompt values of a request; none may not come with another (OpenID Connect Core §3.1.2.1). */
export function promptsOf(req: Pick<AuthorizeRequest, 'prompt'>): string[] {
  return (req.prompt ?? '').split(' ').filter(Boolean);
}

/**
 * Whether a sign-in the user proved at `authTime` (seconds) is too old for the request: prompt=login
 * always wants a new one; max_age wants one at most that many seconds old.
 */
export function freshSigninRequired(
  req: Pick<AuthorizeRequest, 'prompt' | 'maxAge'>,
  authTime: number,
  now = Date.now(),
): boolean {
  if (promptsOf(req).includes('login')) return true;
  if (!req.maxAge) return false;
  return now / 1000 - authTime > Number(req.maxAge);
}

/**
 * Checks an authorization request before anyone signs in. A bad client or redirect URI is an error
 * shown on the page, never a redirect (RFC 6749 §4.1.2.1).
 */
export async function validateAuthorizeRequest(server: ServerContext, req: AuthorizeRequest): Promise<Application> {
  const app = await applicationByClientId(server, req.clientId);
  if (!app) throw new AppError('oauthInvalidClient', { clientId: req.clientId });
  if (!redirectUriAllowed(app, req.redirectUri)) throw new AppError('redirectUriNotAllowed', { uri: req.redirectUri });
  const grants = RESPONSE_TYPE_GRANTS[normalizedResponseType(req.responseType)];
  if (!grants) throw new AppError('responseTypeUnsupported', { type: req.responseType });
  if (grants.some((grant) => !app.grantTypes.includes(grant)))
    throw new AppError('responseTypeNotAllowed', { type: req.responseType, application: app.name });
  if (req.codeChallenge && req.codeChallengeMethod !== 'S256') throw new AppError('pkceMethodUnsupported');
  // An ID token in the front channel is bound to the request by its nonce (OpenID Connect Core §3.2.2.1).
  if (answersIdToken(req.responseType) && !req.nonce) throw new AppError('nonceRequired', { type: req.responseType });
  const prompts = promptsOf(req);
  if (prompts.includes('none') && prompts.length > 1) throw new AppError('promptNoneAlone');
  if (req.maxAge && !/^\d{1,9}$/.test(req.maxAge)) throw new AppError('maxAgeInvalid', { value: req.maxAge });
  return app;
}

/** The application as the sign-in page sees it: no secrets, with its organization's public settings. */
export async function publicApplication(server: ServerContext, app: Application): Promise<LooseRecord> {
  const org = await organizationByName(server, app.organization);
  return {
    ...maskRecord(applicationDef, app, null),
    // Each provider row with its provider's name, type and logo (the sign-in page's buttons).
    providers: await providerRowsWithProviders(server, app),
    organizationObj: org ? organizationForSigninPage(org) : null,
  };
}

/**
 * GET /api/get-app-login: validates an authorization request (clientId, responseType,
 * redirectUri ...), a protocol's sign-in page (type=cas, type=saml: the sign-in type's appLogin)
 * or names an application (id=admin/<name>), and
 * answers the application.
 */
export async function getAppLogin(server: ServerContext, request: FastifyRequest): Promise<LooseRecord> {
  // A protocol's sign-in page (type=cas, type=saml ...): the sign-in type checks its request.
  const typeName = queryParam(request, 'type');
  const type = typeName ? server.services.signinTypes.get(typeName) : undefined;
  if (type?.appLogin) return publicApplication(server, await type.appLogin(server, request));
  const named = queryParam(request, 'id');
  if (named) {
    const id = splitId(named);
    if (!id) throw new AppError('badId', { id: named });
    const app = await server.repo(applicationDef).get(id.owner, id.name);
    if (!app) throw new AppError('applicationMissing', { name: id.name });
    return publicApplication(server, app);
  }
  return publicApplication(server, await validateAuthorizeRequest(server, authorizeRequestOf(request)));
}
