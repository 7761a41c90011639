import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { registerSamlSpRoutes } from '../../routes/saml-sp.js';
import { samlMetadata } from './metadata.js';
import { samlRedirect } from './redirect.js';

/**
 * The SAML 2.0 identity provider, on Casdoor's paths. The sign-in itself is the console page
 * /login/saml/authorize/:owner/:application, which signs in through POST /api/login type=saml
 * (signin.ts) and posts the answered Response to the SP's assertion consumer service.
 *
 *   GET      /api/saml/metadata?application=admin/<name>&enablePostBinding=   IdP metadata (metadata.ts)
 *   GET|POST /api/saml/redirect/:owner/:application                          SSO, HTTP-Redirect / HTTP-POST (redirect.ts)
 *
 * Steps: request.ts (decode, schema, signature, Destination, issuer, ACS), verify.ts (request
 * signatures), response.ts + signing.ts + xml.ts (the signed Response), schema.ts (the validator).
 *
 * Gatehouse is also a service provider (sign-in through providers of the category SAML): the
 * routes of sp-routes.ts (GET /api/get-saml-login, POST /api/acs) and the sp-*.ts steps.
 */
export function registerSamlRoutes(app: FastifyInstance, server: ServerContext) {
  registerSamlSpRoutes(app, server);
  app.get('/api/saml/metadata', async (request, reply) => {
    const xml = await samlMetadata(server, request);
    return reply.header('content-type', 'application/xml; charset=utf-8').send(xml);
  });
  app.get<{ Params: { owner: string; application: string } }>('/api/saml/redirect/:owner/:application', (request, reply) =>
    samlRedirect(server, request, reply),
  );
  app.post<{ Params: { owner: string; application: string } }>('/api/saml/redirect/:owner/:application', (request, reply) =>
    samlRedirect(server, request, reply),
  );
}
