import type { Application } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { SigninType } from '../../auth/signin-types.js';
import type { ServerContext } from '../../context.js';
import type { Rec } from '../../crud/repository.js';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { paramOf } from '../../http/params.js';
import { authorizeRequestOf, validateAuthorizeRequest } from './authorize.js';
import { findClient } from './clients.js';
import { approveDevice, pendingDeviceAuthorization } from './device.js';
import { originOf } from './issuer.js';
import { issueCode, issueToken } from './tokens.js';

/** Sign-ins of an authorization request: the request's parameters come in the query. */
function authorizationType(responseType: 'code' | 'token' | 'id_token'): SigninType {
  return {
    application: (server, request) => validateAuthorizeRequest(server, { ...authorizeRequestOf(request), responseType }),
    opensSession: (app) => app.enableSigninSession,
    complete: async (server, request, user, app) => {
      const req = authorizeRequestOf(request);
      const common = {
        issuer: originOf(server.config, request),
        app,
        user,
        scope: req.scope,
        nonce: req.nonce,
        authTime: Math.floor(Date.now() / 1000),
      };
      if (responseType === 'code') {
        return ok(await issueCode(server, { ...common, challenge: req.codeChallenge, redirectUri: req.redirectUri }));
      }
      return ok((await issueToken(server, { ...common, withRefreshToken: false })).accessToken);
    },
  };
}

async function deviceApplication(server: ServerContext, request: FastifyRequest): Promise<Application> {
  const pending = await pendingDeviceAuthorization(server, paramOf(request, 'userCode'));
  const app = await findClient(server, String(pending.clientId));
  if (!app) throw new AppError('deviceCodeInvalid');
  return app;
}

/** POST /api/login types of OAuth 2.0 / OpenID Connect. */
export const OIDC_SIGNIN_TYPES: Record<string, SigninType> = {
  code: authorizationType('code'),
  token: authorizationType('token'),
  id_token: authorizationType('id_token'),
  device: {
    application: deviceApplication,
    opensSession: (app) => app.enableSigninSession,
    complete: async (server, request, user: Rec) => {
      await approveDevice(server, paramOf(request, 'userCode'), user);
      return ok(`${user.owner}/${user.name}`);
    },
  },
};
