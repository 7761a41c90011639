import type { FastifyReply } from 'fastify';

/**
 * An OAuth 2.0 error (RFC 6749 §5.2): answered as raw JSON {error, error_description} with HTTP
 * 400, or 401 plus WWW-Authenticate for client authentication failures — not the API envelope.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export function sendOAuthError(reply: FastifyReply, e: OAuthError): FastifyReply {
  if (e.status === 401 && e.error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="OAuth2"');
  if (e.status === 401 && e.error === 'invalid_token') {
    reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${e.description.replace(/"/g, "'")}"`);
  }
  return reply.code(e.status).header('cache-control', 'no-store').send({ error: e.error, error_description: e.description });
}

export const invalidRequest = (description: string) => new OAuthError('invalid_request', description);
export const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
export const invalidClient = (description: string) => new OAuthError('invalid_client', description, 401);
