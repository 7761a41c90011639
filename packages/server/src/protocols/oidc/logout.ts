import { ADMIN_OWNER, type Token, token as tokenDef } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { findToken, revokeFamily } from '../../domain/token.js';
import { AppError } from '../../errors.js';
import { oauthParams } from '../../http/credentials.js';
import { originOf } from '../../http/origin.js';
import { ID_TOKEN_JTI_SUFFIX } from './claims.js';
import { redirectUriAllowed } from './clients.js';
import { signingCertsOf } from './keys.js';

/**
 * The grant an ID token names, when Gatehouse signed it (with the application's cert, current or
 * retired) for that application. An expired ID token is still a good hint (OpenID Connect
 * RP-Initiated Logout §2: the user may log out long after signing in).
 */
async function grantOfIdToken(server: ServerContext, issuer: string, idToken: string): Promise<Token | undefined> {
  let jti: unknown;
  let alg: unknown;
  try {
    jti = decodeJwt(idToken).jti;
    alg = decodeProtectedHeader(idToken).alg;
  } catch {
    return undefined;
  }
  if (typeof jti !== 'string' || typeof alg !== 'string' || !jti.endsWith(ID_TOKEN_JTI_SUFFIX)) return undefined;
  const name = jti.slice(`${ADMIN_OWNER}/`.length, -ID_TOKEN_JTI_SUFFIX.length);
  const row = await server.repo(tokenDef).get(ADMIN_OWNER, name);
  const app = row ? await applicationByName(server, row.application) : undefined;
  if (!row || !app) return undefined;
  for (const key of await signingCertsOf(server, app, alg)) {
    const verified = await jwtVerify(idToken, key, {
      issuer,
      audience: app.clientId,
      algorithms: [alg],
      // Expiry does not matter to a logout hint; the signature, issuer and audience do.
      currentDate: new Date(0),
    }).catch(() => null);
    if (verified) return row;
  }
  return undefined;
}

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) on /api/logout when an
 * id_token_hint is given: the ID token (or, as Casdoor's applications send, the access token) names
 * the grant, whose tokens are all revoked (its refreshed ones too); when post_logout_redirect_uri is
 * one of the application's redirect URIs, the browser is sent there with the state. Returns the
 * redirect, or null to answer the envelope. The caller ends the console session either way.
 */
export async function endSessionRedirect(server: ServerContext, request: FastifyRequest): Promise<string | null> {
  const params = oauthParams(request);
  const hint = params.id_token_hint ?? '';
  const row =
    (await findToken(server, 'accessTokenHash', hint)) ?? (await grantOfIdToken(server, originOf(server.config, request), hint));
  if (!row) throw new AppError('idTokenHintInvalid');
  await revokeFamily(server, row.family);
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
