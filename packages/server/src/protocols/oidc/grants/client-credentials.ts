import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { assertGrantAllowed, authenticateClient } from '../clients.js';
import { issueToken, tokenResponse } from '../tokens.js';

/** client_credentials (RFC 6749 §4.4): a token for the application itself; the secret is required. */
export async function clientCredentialsGrant(
  server: ServerContext,
  request: FastifyRequest,
  params: Record<string, string>,
  issuer: string,
) {
  const { app } = await authenticateClient(server, request, params, true);
  assertGrantAllowed(app, 'client_credentials');
  const scope = params.scope ?? '';
  const issued = await issueToken(server, { issuer, app, user: null, scope, clientAuthenticated: true, withRefreshToken: false });
  return tokenResponse({ ...issued, scope });
}
