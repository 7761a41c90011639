import type { Application, User } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { SigninContext } from '../../auth/signin-types.js';
import type { ServerContext } from '../../context.js';
import { originOf } from '../../http/origin.js';
import { type AuthorizeRequest, normalizedResponseType } from './authorize.js';
import { issueCode, issueToken } from './tokens.js';

/**
 * What an authorization request answers once its user is signed in (and has consented):
 * `value` is the envelope's data as Casdoor answers it (the code, or for the implicit types the
 * access token, or the ID token of response_type=id_token); `redirect` holds the parameters of the
 * redirect URI's fragment for the implicit types (RFC 6749 §4.2.2, OpenID Connect Core §3.2.2.5),
 * which the sign-in page sends the browser back with.
 */
export interface AuthorizationAnswer {
  value: string;
  redirect?: Record<string, string>;
}

/**
 * The answer of an authorization request for `user`, who proved who they are at
 * `signin.authTime` with `signin.authMethods`. POST /api/login and POST /api/grant-consent both
 * answer it.
 */
export async function answerAuthorization(
  server: ServerContext,
  request: FastifyRequest,
  req: AuthorizeRequest,
  user: User,
  app: Application,
  signin: Pick<SigninContext, 'authTime' | 'authMethods'>,
): Promise<AuthorizationAnswer> {
  const common = {
    issuer: originOf(server.config, request),
    app,
    user,
    scope: req.scope,
    nonce: req.nonce,
    authTime: signin.authTime,
    authMethods: signin.authMethods,
  };
  const type = normalizedResponseType(req.responseType);
  if (type === 'code') {
    return { value: await issueCode(server, { ...common, challenge: req.codeChallenge, redirectUri: req.redirectUri }) };
  }
  const issued = await issueToken(server, { ...common, withRefreshToken: false });
  if (type === 'id_token') return { value: issued.idToken, redirect: { id_token: issued.idToken } };
  const redirect: Record<string, string> = {
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: String(issued.expiresIn),
    scope: req.scope,
  };
  if (type === 'id_token token') redirect.id_token = issued.idToken;
  return { value: issued.accessToken, redirect };
}
