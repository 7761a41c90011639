import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { findToken, revokeToken } from '../../domain/token.js';
import { AppError } from '../../errors.js';
import { oauthParams } from '../../http/credentials.js';
import { redirectUriAllowed } from './clients.js';

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) on /api/logout when an
 * id_token_hint is given: the hinted token is revoked and, when post_logout_redirect_uri is one of
 * the application's redirect URIs, the browser is sent there with the state. Returns the redirect,
 * or null to answer the envelope. The caller ends the console session either way.
 */
export async function endSessionRedirect(server: ServerContext, request: FastifyRequest): Promise<string | null> {
  const params = oauthParams(request);
  const hint = params.id_token_hint ?? '';
  const row = await findToken(server, 'accessTokenHash', hint);
  if (!row) throw new AppError('idTokenHintInvalid');
  await revokeToken(server, row.name);
  const app = await applicationByName(server, row.application);
  const target = params.post_logout_redirect_uri ?? '';
  if (!app || !target) return null;
  if (!redirectUriAllowed(app, target)) throw new AppError('redirectUriNotAllowed', { uri: target });
  const url = new URL(target);
  if (params.state) url.searchParams.set('state', params.state);
  return url.toString();
}

export function isRpLogout(request: FastifyRequest): boolean {
  return !!oauthParams(request).id_token_hint;
}
