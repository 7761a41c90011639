import { type Application, type ReleasedUser, user as userDef } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { applicationByName } from '../../domain/application.js';
import { releasedUserOf } from '../../domain/authorization/user-access.js';
import { deliverProxyGrantingTicket } from './proxy.js';
import { CasFailure, shown } from './responses.js';
import { type CasTicket, claimTicket, kindOf } from './tickets.js';

export interface ValidationRequest {
  /** The organization and application of the /cas/{organization}/{application}/... path. */
  organization: string;
  application: string;
  ticket: string;
  service: string;
  /** renew=true: only a ticket issued from primary credentials passes. */
  renew: boolean;
  pgtUrl: string;
  /** /proxyValidate (and samlValidate) accept proxy tickets; /validate and /serviceValidate do not. */
  acceptProxyTickets: boolean;
}

export interface Validated {
  ticket: CasTicket;
  /** What the service may learn of the user (with their roles and permissions). */
  user: ReleasedUser;
  app: Application;
  /** Present when a proxy-granting ticket went to the pgtUrl. */
  pgtIou?: string;
}

/** Whether a flag parameter (renew, gateway) is set: present and not "false". */
export function flagSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value.toLowerCase() !== 'false';
}

function sameService(requested: string, issued: string): boolean {
  if (requested === issued) return true;
  // Some clients encode the service twice; compare the decoded form too (as Casdoor does).
  try {
    return decodeURIComponent(requested) === issued;
  } catch {
    return false;
  }
}

/**
 * The validation every endpoint shares (/validate, /serviceValidate, /proxyValidate, the /p3
 * variants and /samlValidate): the ticket is spent first (CAS protocol §3.1.1: whatever the
 * outcome), then it must have been issued under this path's application, for exactly this service,
 * from primary credentials when renew is set, to a user who may still sign in. With a pgtUrl, a
 * proxy-granting ticket is delivered there (CAS protocol §2.5.4); when that fails the validation
 * fails.
 */
export async function validateTicket(server: ServerContext, req: ValidationRequest): Promise<Validated> {
  if (!req.ticket || !req.service) throw new CasFailure('INVALID_REQUEST', "'ticket' and 'service' parameters are both required");
  const kind = kindOf(req.ticket);
  if (kind !== 'ST' && kind !== 'PT') throw new CasFailure('INVALID_TICKET', `Ticket ${shown(req.ticket)} not recognized`);
  if (kind === 'PT' && !req.acceptProxyTickets) {
    throw new CasFailure(
      'INVALID_TICKET',
      `Ticket ${shown(req.ticket)} is a proxy ticket: proxy tickets are validated at /proxyValidate, not here`,
    );
  }

  const claim = await claimTicket(server, req.ticket);
  if (!claim.ok) {
    const why = { unknown: 'not recognized', used: 'has already been used', expired: 'has expired' }[claim.reason];
    throw new CasFailure('INVALID_TICKET', `Ticket ${shown(req.ticket)} ${why}`);
  }
  const ticket = claim.ticket;
  if (ticket.organization !== req.organization || ticket.application !== req.application) {
    throw new CasFailure(
      'INVALID_SERVICE',
      `Ticket ${shown(req.ticket)} was not issued for ${req.organization}/${req.application}`,
    );
  }
  if (!sameService(req.service, ticket.service)) {
    throw new CasFailure('INVALID_SERVICE', `Ticket ${shown(req.ticket)} was not issued for the service ${req.service}`);
  }
  if (req.renew && !ticket.fresh) {
    throw new CasFailure(
      'INVALID_TICKET',
      `Ticket ${shown(req.ticket)} did not come from an initial login and renew was requested`,
    );
  }
  const app = await applicationByName(server, ticket.application);
  if (!app) throw new CasFailure('INVALID_TICKET', `The application ${ticket.application} no longer exists`);
  const user = await server.repo(userDef).get(ticket.organization, ticket.user);
  if (!user || user.isDeleted || user.isForbidden) {
    throw new CasFailure('INVALID_TICKET', `The user ${ticket.user} can no longer sign in`);
  }

  const pgtIou = req.pgtUrl ? await deliverProxyGrantingTicket(server, app, ticket, req.pgtUrl) : undefined;
  return { ticket, user: await releasedUserOf(server, user), app, pgtIou };
}
