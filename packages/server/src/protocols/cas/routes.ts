import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { originOf } from '../../http/origin.js';
import { releasedAttributes } from './attributes.js';
import { grantProxyTicket } from './proxy.js';
import { CasFailure, type Format, failureBody, formatOf, proxySuccessBody, sendCas, successBody } from './responses.js';
import { samlFailure, samlValidate } from './saml11.js';
import { purgeExpiredTickets } from './tickets.js';
import { flagSet, validateTicket } from './validate.js';

type CasRequest = FastifyRequest<{
  Params: { organization: string; application: string };
  Querystring: Record<string, string | undefined>;
}>;

/** The largest samlValidate SOAP request accepted (a real one is well under 1 KB). */
const SAML_BODY_LIMIT = 64 * 1024;

/** Failures that are ours, not the caller's, are logged and answered INTERNAL_ERROR. */
function asFailure(request: FastifyRequest, error: unknown): CasFailure {
  if (error instanceof CasFailure) return error;
  request.log.error({ err: error }, 'CAS request failed');
  return new CasFailure('INTERNAL_ERROR', `An internal error occurred (request ${String(request.id)})`);
}

/**
 * The CAS server (protocol 1.0, 2.0 and 3.0) on Casdoor's paths, one application per path:
 *
 *   GET  /cas/{org}/{app}/login                 console page (signin/pages/cas-login-page.tsx)
 *   GET  /cas/{org}/{app}/logout                console page (signs out, back to an accepted service)
 *   GET  /cas/{org}/{app}/validate              CAS 1.0: "yes\n<user>\n" or "no\n"
 *   GET  /cas/{org}/{app}/serviceValidate       CAS 2.0 XML (service tickets only)
 *   GET  /cas/{org}/{app}/proxyValidate         CAS 2.0 XML (service and proxy tickets, with proxies)
 *   GET  /cas/{org}/{app}/p3/serviceValidate    CAS 3.0: as serviceValidate, with <cas:attributes>
 *   GET  /cas/{org}/{app}/p3/proxyValidate      CAS 3.0: as proxyValidate, with <cas:attributes>
 *   GET  /cas/{org}/{app}/proxy                 proxy ticket for targetService from a pgt
 *   POST /cas/{org}/{app}/samlValidate          SAML 1.1 (SOAP) validation, TARGET = the service
 *
 * Service tickets come from POST /api/login type 'cas' (signin.ts). The two console pages are not
 * routes here: http/console.ts lets the console answer them.
 */
export function registerCasRoutes(app: FastifyInstance, server: ServerContext) {
  const base = '/cas/:organization/:application';

  app.get(`${base}/validate`, async (request: CasRequest, reply: FastifyReply) => {
    const q = request.query;
    try {
      const { ticket } = await validateTicket(server, {
        ...request.params,
        ticket: q.ticket ?? '',
        service: q.service ?? '',
        renew: flagSet(q.renew),
        pgtUrl: '',
        acceptProxyTickets: false,
      });
      return sendCas(reply, 'TEXT', `yes\n${ticket.user}\n`);
    } catch (error) {
      asFailure(request, error);
      return sendCas(reply, 'TEXT', 'no\n');
    }
  });

  const validation = (path: string, acceptProxyTickets: boolean, withAttributes: boolean) =>
    app.get(`${base}/${path}`, async (request: CasRequest, reply: FastifyReply) => {
      const q = request.query;
      const format = formatOf(q.format);
      const answerFormat: Format = format ?? 'XML';
      try {
        if (!format) throw new CasFailure('INVALID_REQUEST', `Unsupported format ${q.format}: use XML or JSON`);
        const validated = await validateTicket(server, {
          ...request.params,
          ticket: q.ticket ?? '',
          service: q.service ?? '',
          renew: flagSet(q.renew),
          pgtUrl: q.pgtUrl ?? '',
          acceptProxyTickets,
        });
        const body = successBody(answerFormat, {
          user: validated.ticket.user,
          pgtIou: validated.pgtIou,
          proxies: validated.ticket.proxies,
          attributes: withAttributes ? releasedAttributes(validated.user, validated.ticket) : undefined,
        });
        return sendCas(reply, answerFormat, body);
      } catch (error) {
        return sendCas(reply, answerFormat, failureBody(answerFormat, asFailure(request, error), 'authenticationFailure'));
      }
    });
  validation('serviceValidate', false, false);
  validation('proxyValidate', true, false);
  validation('p3/serviceValidate', false, true);
  validation('p3/proxyValidate', true, true);

  app.get(`${base}/proxy`, async (request: CasRequest, reply: FastifyReply) => {
    const q = request.query;
    const format = formatOf(q.format);
    const answerFormat: Format = format ?? 'XML';
    try {
      if (!format) throw new CasFailure('INVALID_REQUEST', `Unsupported format ${q.format}: use XML or JSON`);
      const proxyTicket = await grantProxyTicket(server, {
        ...request.params,
        pgt: q.pgt ?? '',
        targetService: q.targetService ?? '',
      });
      return sendCas(reply, answerFormat, proxySuccessBody(answerFormat, proxyTicket));
    } catch (error) {
      return sendCas(reply, answerFormat, failureBody(answerFormat, asFailure(request, error), 'proxyFailure'));
    }
  });

  // samlValidate reads a SOAP (XML) body, whatever content type the client gives it; the parser is
  // scoped to this route.
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: SAML_BODY_LIMIT }, (_request, body, done) =>
      done(null, String(body)),
    );
    scope.post(`${base}/samlValidate`, { bodyLimit: SAML_BODY_LIMIT }, async (request: CasRequest, reply: FastifyReply) => {
      const target = request.query.TARGET ?? '';
      const body = typeof request.body === 'string' ? request.body : '';
      try {
        const answer = await samlValidate(server, {
          ...request.params,
          target,
          body,
          issuer: new URL(originOf(server.config, request)).host,
        });
        return sendCas(reply, 'SOAP', answer);
      } catch (error) {
        return sendCas(reply, 'SOAP', samlFailure(asFailure(request, error), '', target));
      }
    });
  });

  // Expired tickets are removed in the background, never on a request.
  const purge = setInterval(
    () => purgeExpiredTickets(server).catch((err) => app.log.warn({ err }, 'CAS ticket purge failed')),
    3600_000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
