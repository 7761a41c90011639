import { deflateRawSync } from 'node:zlib';
import { ADMIN_OWNER, type Application, splitId } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { isFreshSignin, type SigninType } from '../../auth/signin-types.js';
import type { ServerContext } from '../../context.js';
import { releasedUserOf } from '../../domain/authorization/user-access.js';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { originOf } from '../../http/origin.js';
import { paramOf } from '../../http/params.js';
import { samlApplication, samlSigningKey } from './application.js';
import { type SamlAuthnRequest, type SamlRequestInput, signedQueryInput, validateSamlRequest } from './request.js';
import { buildSamlResponse } from './response.js';

/** The AuthnRequest the sign-in page forwards (Casdoor's samlRequest / relayState, or our samlQuery). */
function loginInputOf(request: FastifyRequest): SamlRequestInput {
  const samlQuery = paramOf(request, 'samlQuery');
  if (samlQuery) return signedQueryInput(samlQuery, paramOf(request, 'signature'));
  const samlRequest = paramOf(request, 'samlRequest');
  if (!samlRequest) throw new AppError('missingParameter', { name: 'samlRequest' });
  return { samlRequest, relayState: paramOf(request, 'relayState') };
}

/**
 * GET /api/get-app-login?type=saml&id=admin/<application>&samlRequest=&relayState= (or samlQuery=
 * &signature=): the sign-in page checks the AuthnRequest before anyone signs in, so that an invalid
 * one is shown on the page rather than discovered after the password.
 */
async function samlAppLogin(server: ServerContext, request: FastifyRequest): Promise<Application> {
  const id = splitId(paramOf(request, 'id'));
  if (!id) throw new AppError('badId', { id: paramOf(request, 'id') });
  const app = await samlApplication(server, id.owner, id.name);
  await validateSamlRequest(originOf(server.config, request), app, loginInputOf(request));
  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The AuthnRequest application() checked, for complete() of the same sign-in. */
    samlAuthnRequest?: SamlAuthnRequest;
  }
}

/**
 * POST /api/login type=saml (the sign-in page /login/saml/authorize/:owner/:application): the
 * AuthnRequest is checked again (the page's address can be forged, so nothing checked at
 * /api/saml/redirect is trusted), then the signed SAML Response is answered as Casdoor does:
 * data = the base64 Response, data2 = {redirectUrl: ACS URL, method: 'POST', relayState}.
 *
 * enableSamlCompress DEFLATEs the Response before base64 (Casdoor's option). The HTTP-POST binding
 * carries responses uncompressed, so standard SPs need it off; it exists for SPs configured against
 * Casdoor that inflate what they receive.
 */
export const SAML_SIGNIN: SigninType = {
  application: async (server, request) => {
    const name = paramOf(request, 'application');
    if (!name) throw new AppError('missingParameter', { name: 'application' });
    const app = await samlApplication(server, ADMIN_OWNER, name);
    const saml = await validateSamlRequest(originOf(server.config, request), app, loginInputOf(request));
    // ForceAuthn: the SP wants the password (or an identity provider's sign-in, or a second factor) now, not an existing session.
    if (saml.forceAuthn && !paramOf(request, 'username') && !isFreshSignin(request)) throw new AppError('samlForceAuthn');
    request.samlAuthnRequest = saml;
    return app;
  },
  appLogin: samlAppLogin,
  opensSession: (app) => app.enableSigninSession,
  complete: async (server, request, user, app) => {
    const saml = request.samlAuthnRequest;
    if (!saml) throw new Error('SAML sign-in without a checked request');
    const xml = buildSamlResponse({
      app,
      user: await releasedUserOf(server, user),
      issuer: originOf(server.config, request),
      request: saml,
      key: await samlSigningKey(server, app),
    });
    const bytes = app.enableSamlCompress ? deflateRawSync(Buffer.from(xml, 'utf8')) : Buffer.from(xml, 'utf8');
    return ok(bytes.toString('base64'), { redirectUrl: saml.acsUrl, method: 'POST', relayState: saml.relayState });
  },
};
