import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { isRedirectOrigin } from '../domain/application.js';
import { isOwnOrigin } from './origin-check.js';

/** What a page of an application's site may send along (its SDK's calls: a bearer token, JSON). */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language';
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ACS_PATH = '/api/acs';

/**
 * Cross-origin reads from the browser (CORS), for the sites of the applications and nobody else: a
 * request whose Origin is the origin of some application's redirect URI gets
 * Access-Control-Allow-Origin with that origin (so an application's single-page front end may call
 * the token endpoint, userinfo or get-account with its bearer token), without credentials: the
 * session cookie stays the console's, whose own origin needs no CORS. Every other origin gets no
 * CORS header, so the browser keeps the answer from the page; a preflight from it is answered
 * without them. Cookie-authenticated writes from other origins are refused anyway (origin-check.ts).
 */
export function registerCors(app: FastifyInstance, server: ServerContext, allowedOrigins: string[]) {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || isOwnOrigin(request, origin, allowedOrigins)) return;
    // The assertion consumer service answers identity providers' pages itself (routes/saml-sp.ts).
    if (request.url.startsWith(ACS_PATH)) return;
    // The answer depends on the Origin: shared caches must keep one per origin.
    reply.header('vary', 'Origin');
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (await isRedirectOrigin(server, origin)) {
      reply.header('access-control-allow-origin', origin);
      if (!preflight) return;
      reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600');
    }
    if (preflight) return reply.code(204).send();
  });
}
