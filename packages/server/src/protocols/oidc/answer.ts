import type { Application, User } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { originOf } from '../../http/origin.js';
import type { AuthorizeRequest } from './authorize.js';
import { issueCode, issueToken } from './tokens.js';

/**
 * What an authorization request answers once its user is signed in (and has consented): a code for
 * response_type=code, the access token for the implicit types. POST /api/login and POST
 * /api/grant-consent both answer it as the envelope's data.
 */
export async function answerAuthorization(
  server: ServerContext,
  request: FastifyRequest,
  req: AuthorizeRequest,
  user: User,
  app: Application,
): Promise<string> {
  const common = {
    issuer: originOf(server.config, request),
    app,
    user,
    scope: req.scope,
    nonce: req.nonce,
    authTime: Math.floor(Date.now() / 1000),
  };
  if (req.responseType === 'code') {
    return issueCode(server, { ...common, challenge: req.codeChallenge, redirectUri: req.redirectUri });
  }
  return (await issueToken(server, { ...common, withRefreshToken: false })).accessToken;
}
