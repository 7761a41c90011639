import { splitId } from '@gatehouse/entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { providerAuthUrl } from '../auth/provider-login.js';
import { readProviderState } from '../auth/provider-state.js';
import type { ServerContext } from '../context.js';
import { providerByName } from '../domain/provider.js';
import { AppError } from '../errors.js';
import { originOf } from '../http/origin.js';
import { isJsonObject, paramOf } from '../http/params.js';
import { requestWith } from '../http/request-state.js';

/**
 * Sign-in through a SAML identity provider, Gatehouse being the service provider (Casdoor's paths):
 *
 *   GET  /api/get-saml-login?id=<owner>/<provider>&relayState=   data = where the browser goes
 *        (the SSO URL with the AuthnRequest) or the form page posting it; data2 = GET or POST
 *   POST /api/acs   SAMLResponse, RelayState   the assertion consumer service (CORS open, as Casdoor's)
 *
 * get-saml-login starts a sign-in exactly as POST /api/provider-auth-url does (auth/provider-login.ts):
 * `relayState` is the sign-in to continue afterwards, base64 of the JSON that call takes
 * ({method, type, query, body, from}; none = the console's sign-in), checked now; the RelayState
 * sent to the IdP is the sign-in's state, bound to this browser. The IdP posts the response to
 * /api/acs from its own site, where this browser's cookies may not come along (SameSite): the ACS
 * only sends the browser (303) to /callback with the state in the query and the response in the
 * fragment (never sent to a server or in a Referer). The callback page posts both to /api/login,
 * which checks the state against this browser and the response (sp-response.ts) and signs in,
 * signs up or links as for an OAuth provider.
 */

/** The sign-in request get-saml-login's relayState carries, or the refusal. */
function startOf(relayState: string): Record<string, unknown> {
  if (!relayState) return { method: 'signup', type: 'login' };
  const refused = () =>
    new AppError('invalidField', { field: 'relayState', detail: 'base64 of a JSON object {method, type, query, body, from}' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(relayState, 'base64').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!isJsonObject(parsed)) throw refused();
  const { method, type, query, body, from } = parsed;
  return { method: method ?? 'signup', type, query, body, from };
}

/** Casdoor's CORS filter opens POST /api/acs to every origin. */
function openCors(request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  reply
    .header('access-control-allow-methods', 'POST, GET, OPTIONS, DELETE')
    .header('access-control-allow-headers', 'Content-Type, Authorization')
    .header('access-control-allow-credentials', 'true');
}

export function registerSamlSpRoutes(app: FastifyInstance, server: ServerContext) {
  app.get('/api/get-saml-login', async (request, reply) => {
    const given = paramOf(request, 'id');
    const id = splitId(given);
    if (!id) throw new AppError('badId', { id: given });
    const named = await providerByName(server, id.owner, id.name);
    if (named && named.category !== 'SAML') throw new AppError('samlProviderNotSaml', { name: named.name });
    const start = startOf(paramOf(request, 'relayState'));
    return providerAuthUrl(server, requestWith(request, {}, { ...start, provider: id.name, providerId: given }), reply);
  });

  app.options('/api/acs', async (request, reply) => {
    openCors(request, reply);
    return reply.code(200).send();
  });

  app.post('/api/acs', async (request, reply) => {
    openCors(request, reply);
    const samlResponse = paramOf(request, 'SAMLResponse');
    const relayState = paramOf(request, 'RelayState');
    if (!samlResponse) throw new AppError('missingParameter', { name: 'SAMLResponse' }, 400);
    // Only answers to this server's own requests are taken (no IdP-initiated sign-in).
    if (!readProviderState(relayState)) throw new AppError('samlUnsolicited', {}, 400);
    const callback = `${originOf(server.config, request)}/callback?state=${encodeURIComponent(relayState)}`;
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .redirect(`${callback}#SAMLResponse=${encodeURIComponent(samlResponse)}`, 303);
  });
}
