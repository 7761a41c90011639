import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { claimOnce, findToken, revokeFamily } from '../../../domain/token.js';
import { assertGrantAllowed, authenticateClient, requireParam } from '../clients.js';
import { invalidClient, invalidGrant, OAuthError } from '../errors.js';
import { parseScopes } from '../params.js';
import { issueToken, tokenResponse } from '../tokens.js';
import { activeUserOf } from '../users.js';

/**
 * refresh_token (RFC 6749 §6) with rotation: every refresh answers a new refresh token; presenting
 * a refresh token that was already exchanged revokes its whole chain (reuse detection, RFC 9700
 * §4.14.2). As in Casdoor, a secret is checked when sent, so public (PKCE) clients can refresh; a
 * grant obtained with the secret needs it again.
 */
export async function refreshTokenGrant(
  server: ServerContext,
  request: FastifyRequest,
  params: Record<string, string>,
  issuer: string,
) {
  const refreshToken = requireParam(params, 'refresh_token');
  const { app, withSecret } = await authenticateClient(server, request, params, false);
  assertGrantAllowed(app, 'refresh_token');
  const row = await findToken(server, 'refreshTokenHash', refreshToken);
  if (!row || row.application !== app.name) throw invalidGrant('Invalid refresh token');
  // A grant obtained with the client's secret is refreshed with it: its refresh token alone is not enough.
  if (row.clientAuthenticated && !withSecret) throw invalidClient('client_secret is required: the grant was obtained with it');
  if (row.isRotated || !(await claimOnce(server, row.name, 'isRotated'))) {
    await revokeFamily(server, row.family);
    throw invalidGrant('The refresh token has already been used; its token chain is revoked');
  }
  if (row.isRevoked) throw invalidGrant('The refresh token has been revoked');
  if (Date.parse(row.refreshExpireTime) <= Date.now()) throw invalidGrant('The refresh token has expired');

  const granted = parseScopes(row.scope);
  const asked = parseScopes(params.scope ?? '');
  if (asked.some((s) => !granted.includes(s))) {
    throw new OAuthError('invalid_scope', 'The requested scope exceeds the scope originally granted');
  }
  const scope = asked.length > 0 ? asked.join(' ') : row.scope;
  const user = row.user ? await activeUserOf(server, row.organization, row.user) : null;
  const issued = await issueToken(server, {
    issuer,
    app,
    user,
    scope,
    family: row.family,
    authTime: row.authTime || undefined,
    authMethods: row.authMethods ? row.authMethods.split(' ') : [],
    clientAuthenticated: row.clientAuthenticated || withSecret,
    withRefreshToken: true,
  });
  return tokenResponse({ ...issued, scope });
}
