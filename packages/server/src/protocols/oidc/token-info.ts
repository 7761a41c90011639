import type { FastifyRequest } from 'fastify';
import { sessionUserOf } from '../../auth/account.js';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { releasedUserOf } from '../../domain/authorization/user-access.js';
import { accessExpiry, accessTokenActive, findToken, revokeFamily } from '../../domain/token.js';
import { bearerToken, oauthParams } from '../../http/credentials.js';
import { originOf } from '../../http/origin.js';
import { type Claims, userinfoClaims } from './claims.js';
import { authenticateClient, requireParam } from './clients.js';
import { OAuthError } from './errors.js';
import { activeUserId, activeUserOf } from './users.js';

const invalidToken = (description: string) => new OAuthError('invalid_token', description, 401);

/**
 * GET|POST /api/userinfo: the claims of the token's user for its scopes (OpenID Connect Core §5.3).
 * Without a bearer token, the signed-in console session answers, as in Casdoor.
 */
export async function userinfo(server: ServerContext, request: FastifyRequest): Promise<Claims> {
  const issuer = originOf(server.config, request);
  const token = bearerToken(request);
  if (!token) {
    const user = await sessionUserOf(server, request);
    if (!user) throw invalidToken('An access token is required');
    return {
      sub: user.id,
      iss: issuer,
      aud: '',
      ...userinfoClaims(await releasedUserOf(server, user), 'openid profile email phone address'),
    };
  }
  const row = await findToken(server, 'accessTokenHash', token);
  if (!row || !accessTokenActive(row)) throw invalidToken('The access token is invalid, expired or revoked');
  if (!row.user) throw invalidToken('The access token belongs to an application, not a user');
  const user = await activeUserOf(server, row.organization, row.user).catch(() => {
    throw invalidToken('The user of the access token cannot sign in');
  });
  const app = await applicationByName(server, row.application);
  return {
    sub: user.id,
    iss: issuer,
    aud: app?.clientId ?? '',
    ...userinfoClaims(await releasedUserOf(server, user), row.scope),
  };
}

/**
 * POST /api/login/oauth/introspect (RFC 7662): the calling application may introspect its own
 * tokens; anything else, or an invalid token, is {active: false}.
 */
export async function introspect(server: ServerContext, request: FastifyRequest): Promise<Claims> {
  const params = oauthParams(request);
  const { app } = await authenticateClient(server, request, params, true);
  const token = requireParam(params, 'token');
  const hint = params.token_type_hint;
  const order: ('accessTokenHash' | 'refreshTokenHash')[] =
    hint === 'refresh_token' ? ['refreshTokenHash', 'accessTokenHash'] : ['accessTokenHash', 'refreshTokenHash'];
  for (const by of order) {
    const row = await findToken(server, by, token);
    if (!row || row.application !== app.name) continue;
    const isRefresh = by === 'refreshTokenHash';
    const expiresAt = isRefresh ? Math.floor(Date.parse(row.refreshExpireTime) / 1000) : accessExpiry(row);
    const active = !row.isRevoked && !(isRefresh && row.isRotated) && expiresAt > Date.now() / 1000;
    if (!active) return { active: false };
    const issuedAt = Math.floor(Date.parse(row.createdTime) / 1000);
    const userId = row.user ? await activeUserId(server, row.organization, row.user) : undefined;
    // A token of a user who was deleted or forbidden since is no longer active.
    if (row.user && !userId) return { active: false };
    return {
      active: true,
      scope: row.scope,
      client_id: app.clientId,
      username: row.user || app.name,
      token_type: isRefresh ? 'refresh_token' : 'Bearer',
      exp: expiresAt,
      iat: issuedAt,
      nbf: issuedAt,
      sub: userId ?? app.clientId,
      aud: [app.clientId],
      iss: originOf(server.config, request),
      jti: `admin/${row.name}`,
    };
  }
  return { active: false };
}

/**
 * POST /api/login/oauth/revoke (RFC 7009, an addition to the Casdoor API): revoking an access or a
 * refresh token revokes every token of its grant (the refresh chain and the access tokens issued
 * along it), so that nothing it made is left usable. Unknown tokens are not an error.
 */
export async function revoke(server: ServerContext, request: FastifyRequest): Promise<void> {
  const params = oauthParams(request);
  const { app } = await authenticateClient(server, request, params, false);
  const token = requireParam(params, 'token');
  const refresh = await findToken(server, 'refreshTokenHash', token);
  if (refresh && refresh.application === app.name) return revokeFamily(server, refresh.family);
  const access = await findToken(server, 'accessTokenHash', token);
  if (access && access.application === app.name) return revokeFamily(server, access.family);
}
