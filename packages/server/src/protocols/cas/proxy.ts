import { type Application, nowRfc3339 } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { CasFailure, shown } from './responses.js';
import { parseService, proxyCallbackSecure, serviceAllowed } from './services.js';
import {
  type CasTicket,
  deleteTicket,
  findTicket,
  issueTicket,
  newTicket,
  PROXY_TICKET_SECONDS,
  sessionExpiry,
  UNBOUND_PGT_HOURS,
} from './tickets.js';

/** How long the proxy callback may take to answer. */
const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * CAS protocol §2.5.4: a proxy-granting ticket and its IOU are sent by GET to the pgtUrl (its own
 * query kept, pgtId and pgtIou added); only when the callback answers 2xx (or a redirect, which is
 * not followed) does the validation answer carry the IOU. The pgtUrl must be HTTPS (loopback may
 * use http, see services.ts) and one of the application's services; it becomes the proxy's identity
 * in the proxy tickets the PGT grants. The PGT lives as long as the console session of the sign-in
 * (and ends with it); a sign-in without a session gives it UNBOUND_PGT_HOURS.
 */
export async function deliverProxyGrantingTicket(
  server: ServerContext,
  app: Application,
  ticket: CasTicket,
  pgtUrl: string,
): Promise<string> {
  const url = parseService(pgtUrl);
  if (!url || !proxyCallbackSecure(url)) {
    throw new CasFailure('INVALID_PROXY_CALLBACK', `The proxy callback ${pgtUrl} is not a valid https URL`);
  }
  if (!serviceAllowed(app, pgtUrl)) {
    throw new CasFailure(
      'UNAUTHORIZED_SERVICE_PROXY',
      `The proxy callback ${pgtUrl} is not a service of the application ${app.name}`,
    );
  }
  let expires: Date;
  if (ticket.sessionId) {
    const sessionEnds = await sessionExpiry(server, ticket.sessionId);
    if (!sessionEnds) throw new CasFailure('INVALID_TICKET', 'The single sign-on session of this ticket has ended');
    expires = new Date(sessionEnds);
  } else {
    expires = new Date(Date.now() + UNBOUND_PGT_HOURS * 3600_000);
  }
  const pgt = await issueTicket(server, {
    kind: 'PGT',
    organization: ticket.organization,
    application: ticket.application,
    user: ticket.user,
    service: ticket.service,
    proxyUrl: pgtUrl,
    proxies: ticket.proxies,
    sessionId: ticket.sessionId,
    fresh: ticket.fresh,
    authTime: ticket.authTime,
    expires,
  });
  const pgtIou = newTicket('PGTIOU');
  url.searchParams.append('pgtId', pgt);
  url.searchParams.append('pgtIou', pgtIou);
  let failure: string | null = null;
  try {
    // Through the outbound rules: a pgtUrl must not reach the server's own network.
    const response = await server.services.outbound.fetch(url.toString(), {
      method: 'GET',
      timeoutMs: CALLBACK_TIMEOUT_MS,
      maxBytes: 64 * 1024,
    });
    if (response.status < 200 || response.status >= 400) failure = `the proxy callback answered HTTP ${response.status}`;
  } catch (error) {
    failure = `the proxy callback could not be reached (${error instanceof Error ? error.message : String(error)})`;
  }
  if (failure) {
    await deleteTicket(server, pgt);
    throw new CasFailure('INVALID_PROXY_CALLBACK', `No proxy-granting ticket was issued: ${failure}`);
  }
  return pgtIou;
}

/**
 * /proxy (CAS protocol §2.7): a proxy ticket for `targetService` from a proxy-granting ticket of this
 * path's application. The target must be one of the application's services (Casdoor:
 * isCasProxyTargetAllowed); the PGT's pgtUrl is put first in the ticket's proxy chain.
 */
export async function grantProxyTicket(
  server: ServerContext,
  req: { organization: string; application: string; pgt: string; targetService: string },
): Promise<string> {
  if (!req.pgt || !req.targetService)
    throw new CasFailure('INVALID_REQUEST', "'pgt' and 'targetService' parameters are both required");
  const pgt = req.pgt.startsWith('PGT-') ? await findTicket(server, req.pgt) : undefined;
  if (pgt?.kind !== 'PGT' || pgt.organization !== req.organization || pgt.application !== req.application) {
    throw new CasFailure('INVALID_TICKET', `Ticket ${shown(req.pgt)} not recognized`);
  }
  if (pgt.expiresTime <= nowRfc3339()) throw new CasFailure('INVALID_TICKET', `Ticket ${shown(req.pgt)} has expired`);
  if (pgt.sessionId && !(await sessionExpiry(server, pgt.sessionId))) {
    // CAS protocol §3.3.1: proxy-granting tickets expire when the user signs out.
    await deleteTicket(server, req.pgt);
    throw new CasFailure('INVALID_TICKET', `Ticket ${shown(req.pgt)} has expired: the user signed out`);
  }
  const app = await applicationByName(server, pgt.application);
  if (!app || !serviceAllowed(app, req.targetService)) {
    throw new CasFailure('UNAUTHORIZED_SERVICE', `The target service ${req.targetService} is not authorized`);
  }
  return issueTicket(server, {
    kind: 'PT',
    organization: pgt.organization,
    application: pgt.application,
    user: pgt.user,
    service: req.targetService,
    proxies: [pgt.proxyUrl, ...pgt.proxies],
    sessionId: pgt.sessionId,
    fresh: false,
    authTime: pgt.authTime,
    expires: new Date(Date.now() + PROXY_TICKET_SECONDS * 1000),
  });
}
