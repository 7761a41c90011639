import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { originOf } from '../../http/origin.js';
import { bodyOf, paramOf } from '../../http/params.js';
import { samlApplication } from './application.js';
import { redirectBindingInput, type SamlRequestInput, validateSamlRequest } from './request.js';

type RedirectRequest = FastifyRequest<{ Params: { owner: string; application: string } }>;

/** The POST binding's form fields (SAMLRequest, RelayState). */
function postBindingInput(request: FastifyRequest): SamlRequestInput {
  const body = bodyOf(request);
  const samlRequest = typeof body.SAMLRequest === 'string' ? body.SAMLRequest : '';
  if (!samlRequest) throw new AppError('missingParameter', { name: 'SAMLRequest' });
  return { samlRequest, relayState: typeof body.RelayState === 'string' ? body.RelayState : '' };
}

/**
 * GET|POST /api/saml/redirect/:owner/:application, the SSO endpoint of both bindings: checks the
 * AuthnRequest (request.ts), then sends the browser (303, as Casdoor) to the sign-in page
 * /login/saml/authorize/:owner/:application, whose address carries what /api/login needs to check
 * it again: samlRequest (DEFLATEd, base64) and relayState, or for a request signed in the query
 * its signed octets (samlQuery) and signature; username / login_hint prefill the form. Refusals
 * are answered as an error envelope with HTTP 400.
 */
export async function samlRedirect(server: ServerContext, request: RedirectRequest, reply: FastifyReply) {
  const { owner, application } = request.params;
  try {
    const app = await samlApplication(server, owner, application);
    const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const input = request.method === 'POST' ? postBindingInput(request) : redirectBindingInput(rawQuery);
    const saml = await validateSamlRequest(originOf(server.config, request), app, input);

    const page = new URLSearchParams();
    if (input.signedQuery) {
      page.set('samlQuery', input.signedQuery.octets);
      page.set('signature', input.signedQuery.signature);
    } else {
      page.set('samlRequest', saml.deflated);
      if (saml.relayState) page.set('relayState', saml.relayState);
    }
    for (const name of ['username', 'login_hint']) {
      const value = paramOf(request, name);
      if (value) page.set(name, value);
    }
    if (saml.forceAuthn) page.set('forceAuthn', 'true');
    const path = `/login/saml/authorize/${encodeURIComponent(app.owner)}/${encodeURIComponent(app.name)}`;
    return reply.code(303).header('cache-control', 'no-store').redirect(`${path}?${page}`, 303);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.key, error.params, 400);
    throw error;
  }
}
