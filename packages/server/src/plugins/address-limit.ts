import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkAddress, countAddressFailure } from '../auth/address-failures.js';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import type { MessageKey } from '../messages/en.js';
import { OAuthError } from '../protocols/oidc/errors.js';

/** The routes where a password, a code or a client secret is tried (sign-in, the token endpoints, codes). */
const GUARDED_ROUTES = new Set([
  '/api/login',
  '/api/login/oauth/access_token',
  '/api/login/oauth/refresh_token',
  '/api/login/oauth/introspect',
  '/api/login/oauth/revoke',
  '/api/verify-code',
  '/api/set-password',
  '/api/webauthn/signin/finish',
]);

/** Refusals that say a guess was wrong (not a refusal for another reason: a disabled method, a bad request). */
const FAILURES: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'wrongPassword',
  'wrongPasswordChances',
  'signinFrozen',
  'userNotInOrganization',
  'verificationWrong',
  'verificationBurnt',
  'mfaPasscodeWrong',
  'mfaCodeWrong',
  'mfaRecoveryCodeWrong',
  'oldPasswordWrong',
]);
const OAUTH_FAILURES = new Set(['invalid_client', 'invalid_grant']);

function isFailure(error: unknown): boolean {
  if (error instanceof AppError) return FAILURES.has(error.key);
  return error instanceof OAuthError && OAUTH_FAILURES.has(error.error);
}

const guarded = (request: FastifyRequest) => GUARDED_ROUTES.has(request.routeOptions.url ?? '');

/**
 * Brute force from one address (issue 15): the guarded routes refuse an address that made
 * SIGNIN_IP_FAILURE_LIMIT failed tries within SIGNIN_IP_FROZEN_MINUTES, whatever accounts or clients
 * it tried (HTTP 429 "Too many failed sign-ins came from your address"); each wrong password, code
 * or client secret counts. An account's own limit (the application's failedSigninLimit) counts
 * beside it. Behind a proxy, TRUST_PROXY makes the address the client's.
 */
export function registerAddressLimit(app: FastifyInstance, server: ServerContext) {
  app.addHook('preHandler', async (request, reply) => {
    if (!guarded(request)) return;
    try {
      await checkAddress(server, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.key === 'signinAddressFrozen')
        reply.header('retry-after', String(Number(error.params.minutes) * 60));
      throw error;
    }
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (!guarded(request) || !isFailure(error)) return;
    if (await countAddressFailure(server, request.ip))
      // Behind a proxy without TRUST_PROXY every visitor has the proxy's address: say which one froze.
      request.log.warn({ address: request.ip }, 'sign-ins from an address frozen after too many failures');
  });
}
