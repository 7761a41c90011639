import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { originOf } from '../../http/origin.js';
import { getAppLogin } from './authorize.js';
import { grantConsent, revokeConsent } from './consent.js';
import { startDeviceAuthorization } from './device.js';
import { applicationDiscovery, discoveryDocument, jwksOf } from './discovery.js';
import { tokenEndpoint } from './token-endpoint.js';
import { introspect, revoke, userinfo } from './token-info.js';

/** OAuth answers must never be cached (RFC 6749 §5.1). */
function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/**
 * The OAuth 2.0 / OpenID Connect provider, on Casdoor's paths. The authorization endpoint
 * (/login/oauth/authorize) is the console's sign-in page, which validates the request with
 * get-app-login and signs in through POST /api/login (auth/routes.ts).
 *
 *   GET  /.well-known/openid-configuration            discovery (also /.well-known/<application>/...)
 *   GET  /.well-known/oauth-authorization-server       the same document (RFC 8414)
 *   GET  /.well-known/jwks                             every x509 cert (also /.well-known/<application>/jwks)
 *   GET  /api/get-app-login                            validate an authorization request
 *   POST /api/grant-consent                            the consent screen's Allow: record, answer the code
 *   POST /api/revoke-consent                           take back granted scopes
 *   POST /api/login/oauth/access_token                 token endpoint (all grants)
 *   POST /api/login/oauth/refresh_token                refresh_token grant
 *   GET|POST /api/userinfo                             userinfo
 *   POST /api/login/oauth/introspect                   RFC 7662
 *   POST /api/login/oauth/revoke                       RFC 7009
 *   POST /api/device-auth                              RFC 8628 device authorization
 *   GET|POST /api/logout?id_token_hint=...             RP-initiated logout (auth/routes.ts)
 */
export function registerOidcRoutes(app: FastifyInstance, server: ServerContext) {
  const discovery = async (request: FastifyRequest) => discoveryDocument(originOf(server.config, request));
  const ofApplication = async (request: FastifyRequest<{ Params: { application: string } }>) =>
    applicationDiscovery(server, originOf(server.config, request), request.params.application);

  app.get('/.well-known/openid-configuration', discovery);
  app.get('/.well-known/oauth-authorization-server', discovery);
  app.get('/.well-known/:application/openid-configuration', ofApplication);
  app.get('/.well-known/:application/oauth-authorization-server', ofApplication);
  app.get('/.well-known/jwks', async () => jwksOf(server));
  app.get<{ Params: { application: string } }>('/.well-known/:application/jwks', async (request, reply) => {
    const jwks = await jwksOf(server, request.params.application);
    return jwks ?? reply.code(404).send({ error: 'not_found', error_description: 'No such application' });
  });

  app.get('/api/get-app-login', async (request) => ok(await getAppLogin(server, request)));
  app.post('/api/grant-consent', async (request, reply) => noStore(reply).send(await grantConsent(server, request)));
  app.post('/api/revoke-consent', async (request) => revokeConsent(server, request));

  const token = (defaultGrant?: string) => async (request: FastifyRequest, reply: FastifyReply) =>
    noStore(reply).send(await tokenEndpoint(server, request, defaultGrant));
  app.post('/api/login/oauth/access_token', token());
  app.post('/api/login/oauth/refresh_token', token('refresh_token'));

  app.get('/api/userinfo', async (request, reply) => noStore(reply).send(await userinfo(server, request)));
  app.post('/api/userinfo', async (request, reply) => noStore(reply).send(await userinfo(server, request)));
  app.post('/api/login/oauth/introspect', async (request, reply) => noStore(reply).send(await introspect(server, request)));
  app.post('/api/login/oauth/revoke', async (request, reply) => {
    await revoke(server, request);
    return noStore(reply).code(200).send('');
  });
  app.post('/api/device-auth', async (request, reply) =>
    noStore(reply).send(await startDeviceAuthorization(server, request, originOf(server.config, request))),
  );
}
