import {
  ADMIN_OWNER,
  type Application,
  application as applicationDef,
  organization as organizationDef,
  splitId,
} from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { providerRowsWithProviders } from '../../auth/public-providers.js';
import { signinTypeOf } from '../../auth/signin-types.js';
import type { ServerContext } from '../../context.js';
import { maskRecord } from '../../crud/records.js';
import type { Rec } from '../../crud/repository.js';
import { AppError } from '../../errors.js';
import { findClient, redirectUriAllowed } from './clients.js';

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
  const q = (request.query ?? {}) as Record<string, string | undefined>;
  return {
    clientId: q.clientId ?? q.client_id ?? '',
    responseType: q.responseType ?? q.response_type ?? '',
    redirectUri: q.redirectUri ?? q.redirect_uri ?? '',
    scope: q.scope ?? '',
    state: q.state ?? '',
    nonce: q.nonce ?? '',
    codeChallenge: q.code_challenge ?? q.codeChallenge ?? '',
    codeChallengeMethod: q.code_challenge_method ?? q.codeChallengeMethod ?? '',
    prompt: q.prompt ?? '',
  };
}

/** Response types and the application grant each needs (code is always allowed). */
const RESPONSE_TYPE_GRANTS: Record<string, string | null> = { code: null, token: 'token', id_token: 'id_token' };

/**
 * Checks an authorization request before anyone signs in. A bad client or redirect URI is an error
 * shown on the page, never a redirect (RFC 6749 §4.1.2.1).
 */
export async function validateAuthorizeRequest(server: ServerContext, req: AuthorizeRequest): Promise<Application> {
  const app = await findClient(server, req.clientId);
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
export async function publicApplication(server: ServerContext, app: Application): Promise<Rec> {
  const org = await server.repo(organizationDef).get(ADMIN_OWNER, app.organization);
  return {
    ...maskRecord(applicationDef, app, null),
    // Each provider row with its provider's name, type and logo (the sign-in page's buttons).
    providers: await providerRowsWithProviders(server, app),
    organizationObj: org ? maskRecord(organizationDef, org, null) : null,
  };
}

/**
 * GET /api/get-app-login: validates an authorization request (clientId, responseType,
 * redirectUri ...), a protocol's sign-in page (type=cas, type=saml: the sign-in type's appLogin)
 * or names an application (id=admin/<name>), and
 * answers the application.
 */
export async function getAppLogin(server: ServerContext, request: FastifyRequest): Promise<Rec> {
  const q = (request.query ?? {}) as Record<string, string | undefined>;
  // A protocol's sign-in page (type=cas, type=saml ...): the sign-in type checks its request.
  const type = q.type ? signinTypeOf(q.type) : undefined;
  if (type?.appLogin) return publicApplication(server, await type.appLogin(server, request));
  if (q.id) {
    const id = splitId(q.id);
    if (!id) throw new AppError('badId', { id: q.id });
    const app = (await server.repo(applicationDef).get(id.owner, id.name)) as Application | undefined;
    if (!app) throw new AppError('applicationMissing', { name: id.name });
    return publicApplication(server, app);
  }
  return publicApplication(server, await validateAuthorizeRequest(server, authorizeRequestOf(request)));
}
