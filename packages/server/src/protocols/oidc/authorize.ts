import { type Application, application as applicationDef, splitId } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { signinTypeOf } from '../../auth/signin-types.js';
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
  };
}

/** Response types and the application grant each needs (code is always allowed). */
const RESPONSE_TYPE_GRANTS: Record<string, string | null> = { code: null, token: 'token', id_token: 'id_token' };

/**
 * Checks an authorization request before anyone signs in. A bad client or redirect URI is an error
 * shown on the page, never a redirect (RFC 6749 §4.1.2.1).
 */
export async function validateAuthorizeRequest(server: ServerContext, req: AuthorizeRequest): Promise<Application> {
  const app = await applicationByClientId(server, req.clientId);
  if (!app) throw new AppError('oauthInvalidClient', { clientId: req.clientId });
  if (!redirectUriAllowed(app, req.redirectUri)) throw new AppError('redirectUriNotAllowed', { uri: req.redirectUri });
  if (!(req.responseType in RESPONSE_TYPE_GRANTS)) throw new AppError('responseTypeUnsupported', { type: req.responseType });
  const grant = RESPONSE_TYPE_GRANTS[req.responseType];
  if (grant && !app.grantTypes.includes(grant))
    throw new AppError('responseTypeNotAllowed', { type: req.responseType, application: app.name });
  if (req.codeChallenge && req.codeChallengeMethod !== 'S256') throw new AppError('pkceMethodUnsupported');
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
  const type = typeName ? signinTypeOf(typeName) : undefined;
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
