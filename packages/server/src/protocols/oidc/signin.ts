import type { Application, User } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { SigninType } from '../../auth/signin-types.js';
import type { ServerContext } from '../../context.js';
import { applicationByClientId } from '../../domain/application.js';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { paramOf } from '../../http/params.js';
import { answerAuthorization } from './answer.js';
import { authorizeRequestOf, freshSigninRequired, validateAuthorizeRequest } from './authorize.js';
import { consentRequired } from './consent.js';
import { approveDevice, pendingDeviceAuthorization } from './device.js';

/**
 * Sign-ins of an authorization request: the request's parameters come in the query. When the
 * request needs the user's consent (consent.ts) the answer is {required: true} instead of a code
 * or token, and a session is opened so that the consent screen can post /api/grant-consent. A
 * session stands in only when its sign-in is recent enough for the request (prompt=login, max_age:
 * signinAgainRequired, and the page asks for the password); with prompt=none nobody types one.
 */
function authorizationType(responseType: string): SigninType {
  const requestOf = (request: FastifyRequest) => ({ ...authorizeRequestOf(request), responseType });
  return {
    application: (server, request) => validateAuthorizeRequest(server, requestOf(request)),
    opensSession: (app, user, request) => app.enableSigninSession || consentRequired(user, app, requestOf(request)),
    complete: async (server, request, user, app, signin) => {
      const req = requestOf(request);
      if (!signin.fresh && freshSigninRequired(req, signin.authTime)) throw new AppError('signinAgainRequired');
      if (consentRequired(user, app, req)) return ok({ required: true });
      const answer = await answerAuthorization(server, request, req, user, app, signin);
      return answer.redirect ? ok(answer.value, answer.redirect) : ok(answer.value);
    },
  };
}

async function deviceApplication(server: ServerContext, request: FastifyRequest): Promise<Application> {
  const pending = await pendingDeviceAuthorization(server, paramOf(request, 'userCode'));
  const app = await applicationByClientId(server, pending.clientId);
  if (!app) throw new AppError('deviceCodeInvalid');
  return app;
}

/** POST /api/login types of OAuth 2.0 / OpenID Connect. */
export const OIDC_SIGNIN_TYPES: Record<string, SigninType> = {
  code: authorizationType('code'),
  token: authorizationType('token'),
  id_token: authorizationType('id_token'),
  'id_token token': authorizationType('id_token token'),
  'token id_token': authorizationType('id_token token'),
  device: {
    application: deviceApplication,
    opensSession: (app) => app.enableSigninSession,
    complete: async (server, request, user: User, _app, signin) => {
      await approveDevice(server, paramOf(request, 'userCode'), user, signin);
      return ok(`${user.owner}/${user.name}`);
    },
  },
};
