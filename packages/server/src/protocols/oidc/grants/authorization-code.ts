import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { claimOnce, findToken, revokeFamily } from '../../../domain/token.js';
import { authenticateClient, requireParam } from '../clients.js';
import { invalidClient, invalidGrant } from '../errors.js';
import { redeemCode, tokenResponse } from '../tokens.js';
import { activeUserOf } from '../users.js';

/** S256: BASE64URL(SHA256(code_verifier)) (RFC 7636). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * authorization_code (RFC 6749 §4.1.3, RFC 7636): the code is single use and short lived; a reused
 * code revokes the tokens issued from it; PKCE stands in for the secret of public clients, and a
 * code_verifier counts only for a code issued with a code_challenge (no PKCE downgrade).
 */
export async function authorizationCodeGrant(
  server: ServerContext,
  request: FastifyRequest,
  params: Record<string, string>,
  issuer: string,
) {
  const code = requireParam(params, 'code');
  const { app, withSecret } = await authenticateClient(server, request, params, false);
  const row = await findToken(server, 'code', code);
  if (!row || row.application !== app.name) throw invalidGrant('Invalid authorization code');
  if (row.codeIsUsed || !(await claimOnce(server, row.name, 'codeIsUsed'))) {
    await revokeFamily(server, row.family);
    throw invalidGrant('The authorization code has already been used; the tokens issued from it are revoked');
  }
  if (Date.parse(row.codeExpireTime) <= Date.now()) throw invalidGrant('The authorization code has expired');
  if (row.isRevoked) throw invalidGrant('The authorization code has been revoked');
  // RFC 6749 wants redirect_uri repeated here; Casdoor's SDKs omit it, so a missing one is
  // accepted (the code stays bound to this client and its secret or PKCE verifier), a different one is not.
  if (params.redirect_uri !== undefined && params.redirect_uri !== row.redirectUri) {
    throw invalidGrant('redirect_uri does not match the one of the authorization request');
  }
  if (row.codeChallenge) {
    const verifier = params.code_verifier ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || s256(verifier) !== row.codeChallenge) {
      throw invalidGrant('code_verifier does not match the code_challenge');
    }
  } else if (params.code_verifier) {
    // PKCE downgrade (RFC 9700 §2.1.1): a verifier for a code issued without a challenge means the
    // authorization request was not the one this client sent (its challenge was stripped).
    throw invalidGrant('code_verifier was sent, but the authorization request had no code_challenge');
  } else if (!withSecret) {
    throw invalidClient('client_secret is required without PKCE');
  }
  const user = await activeUserOf(server, row.organization, row.user);
  const issued = await redeemCode(server, row, {
    issuer,
    app,
    user,
    scope: row.scope,
    nonce: row.nonce,
    family: row.family,
    authTime: row.authTime || undefined,
    authMethods: row.authMethods ? row.authMethods.split(' ') : [],
    clientAuthenticated: withSecret,
    withRefreshToken: app.grantTypes.includes('refresh_token'),
  });
  return tokenResponse({ ...issued, scope: row.scope });
}
