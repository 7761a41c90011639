import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { oauthParams } from '../../http/credentials.js';
import { originOf } from '../../http/origin.js';
import { DEVICE_GRANT } from './device.js';
import { invalidRequest, OAuthError } from './errors.js';
import { authorizationCodeGrant } from './grants/authorization-code.js';
import { clientCredentialsGrant } from './grants/client-credentials.js';
import { deviceCodeGrant } from './grants/device-code.js';
import { passwordGrant } from './grants/password.js';
import { refreshTokenGrant } from './grants/refresh-token.js';

type Grant = (server: ServerContext, request: FastifyRequest, params: Record<string, string>, issuer: string) => Promise<object>;

/** The token endpoint's grants. Implicit response types (token, id_token) are issued at sign-in. */
const GRANTS: Record<string, Grant> = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
  password: passwordGrant,
  [DEVICE_GRANT]: deviceCodeGrant,
};

/** POST /api/login/oauth/access_token (and /refresh_token, which defaults the grant). */
export async function tokenEndpoint(server: ServerContext, request: FastifyRequest, defaultGrant?: string) {
  const params = oauthParams(request);
  const grant = params.grant_type || defaultGrant;
  if (!grant) throw invalidRequest('grant_type is missing');
  const handler = GRANTS[grant];
  if (!handler) throw new OAuthError('unsupported_grant_type', `Unsupported grant_type: ${grant}`);
  return handler(server, request, params, originOf(server.config, request));
}
