import { createHash, randomBytes } from 'node:crypto';
import { isOneOf, nowRfc3339 } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { DB } from '../../db/schema.js';

/**
 * CAS tickets, stored by their SHA-256 (table casTicket, migration 0005):
 *
 *   ST-  service ticket: issued by a sign-in for one service, single use, 60 seconds
 *   PT-  proxy ticket: issued by /proxy for one back-end service, single use, 60 seconds
 *   PGT- proxy-granting ticket: issued on validation with a pgtUrl, reusable, ends with the session
 *
 * The CAS specification recommends 10 seconds for service tickets (and allows up to five minutes);
 * 60 seconds leaves room for a slow browser redirect and a busy service while keeping an
 * intercepted ticket short lived. Tickets use only [A-Za-z0-9-] (CAS protocol §3.7) and fit the
 * lengths every client must accept: 32 characters for ST/PT, 64 for PGT and PGTIOU.
 */
export const SERVICE_TICKET_SECONDS = 60;
export const PROXY_TICKET_SECONDS = 60;
/** A proxy-granting ticket of a sign-in without a console session lives as long as a browser session. */
export const UNBOUND_PGT_HOURS = 24;

const TICKET_KINDS = ['ST', 'PT', 'PGT'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

function isTicketKind(value: string): value is TicketKind {
  return isOneOf(TICKET_KINDS, value);
}

/**
 * A stored ticket (the casTicket table): `service` is the service an ST/PT was issued for, or the
 * one whose validation produced a PGT; `proxyUrl` a PGT's pgtUrl (which identifies the proxy in
 * the proxy tickets it grants); `proxies` the proxies the authentication went through, most recent
 * first; `sessionId` the hash of the console session it belongs to ('' when the sign-in opened
 * none); `fresh` whether it was issued from primary credentials (renew=true accepts only these);
 * `authTime` when the user presented them (RFC 3339).
 */
export type CasTicket = DB['casTicket'] & { kind: TicketKind };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of [A-Za-z0-9], uniformly random (rejection sampling). */
function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new ticket of a kind: ST/PT 32 characters (~172 random bits), PGT/PGTIOU 64 characters. */
export function newTicket(kind: TicketKind | 'PGTIOU'): string {
  const total = kind === 'ST' || kind === 'PT' ? 32 : 64;
  return `${kind}-${randomAlnum(total - kind.length - 1)}`;
}

export function ticketHash(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/** The kind a ticket's prefix announces, or null for anything else. */
export function kindOf(ticket: string): TicketKind | null {
  if (ticket.startsWith('ST-')) return 'ST';
  if (ticket.startsWith('PT-')) return 'PT';
  if (ticket.startsWith('PGT-')) return 'PGT';
  return null;
}

function ticketOf(row: DB['casTicket']): CasTicket | undefined {
  const { kind } = row;
  return isTicketKind(kind) ? { ...row, kind } : undefined;
}

export interface IssueInput {
  kind: TicketKind;
  organization: string;
  application: string;
  user: string;
  service: string;
  proxyUrl?: string;
  proxies?: string[];
  sessionId?: string;
  fresh: boolean;
  authTime: string;
  expires: Date;
}

/** Stores a new ticket and returns it (only its hash is kept). */
export async function issueTicket(server: ServerContext, input: IssueInput): Promise<string> {
  const ticket = newTicket(input.kind);
  await server.database.db
    .insertInto('casTicket')
    .values({
      id: ticketHash(ticket),
      kind: input.kind,
      organization: input.organization,
      application: input.application,
      user: input.user,
      service: input.service,
      proxyUrl: input.proxyUrl ?? '',
      proxies: input.proxies ?? [],
      sessionId: input.sessionId ?? '',
      fresh: input.fresh,
      authTime: input.authTime,
      createdTime: nowRfc3339(),
      expiresTime: nowRfc3339(input.expires),
      isUsed: false,
    })
    .execute();
  return ticket;
}

export async function findTicket(server: ServerContext, ticket: string): Promise<CasTicket | undefined> {
  const row = await server.database.db
    .selectFrom('casTicket')
    .selectAll()
    .where('id', '=', ticketHash(ticket))
    .executeTakeFirst();
  return row ? ticketOf(row) : undefined;
}

export type Claim = { ok: true; ticket: CasTicket } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Redeems a service or proxy ticket: marks it used in one conditional UPDATE, so of several
 * concurrent validations exactly one wins; every later attempt finds it used. A ticket is spent by
 * any validation attempt, successful or not (CAS protocol §3.1.1).
 */
export async function claimTicket(server: ServerContext, ticket: string): Promise<Claim> {
  const result = await server.database.db
    .updateTable('casTicket')
    .set({ isUsed: true })
    .where('id', '=', ticketHash(ticket))
    .where('kind', 'in', ['ST', 'PT'])
    .where('isUsed', '=', false)
    .executeTakeFirst();
  const won = Number(result.numUpdatedRows) === 1;
  const row = await findTicket(server, ticket);
  if (!row || row.kind === 'PGT') return { ok: false, reason: 'unknown' };
  if (!won) return { ok: false, reason: 'used' };
  if (row.expiresTime <= nowRfc3339()) return { ok: false, reason: 'expired' };
  return { ok: true, ticket: row };
}

export async function deleteTicket(server: ServerContext, ticket: string): Promise<void> {
  await server.database.db.deleteFrom('casTicket').where('id', '=', ticketHash(ticket)).execute();
}

/** The expiry of a console session (by its hash), or null when it has ended. */
export async function sessionExpiry(server: ServerContext, sessionId: string): Promise<string | null> {
  if (!sessionId) return null;
  const row = await server.database.db
    .selectFrom('authSession')
    .select('expiresTime')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  const expires = row?.expiresTime ?? '';
  return expires > nowRfc3339() ? expires : null;
}

/** Removes expired tickets (run now and then, not on the request path). */
export async function purgeExpiredTickets(server: ServerContext): Promise<void> {
  await server.database.db.deleteFrom('casTicket').where('expiresTime', '<=', nowRfc3339()).execute();
}
