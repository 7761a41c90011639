import { randomUUID } from 'node:crypto';
import { ADMIN_OWNER, nowRfc3339, splitId, type Webhook } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { DB } from '../db/schema.js';

/**
 * The dispatcher's side of the delivery table: deliveries are claimed with a lease, one atomic
 * conditional UPDATE each, so that of several server instances over one database exactly one
 * sends a delivery; the instance that claimed it records the outcome under its claim's id, which
 * ends the lease. A lease outlives the longest attempt (the outbound time limit), so a delivery is
 * claimed again only when its instance died holding it.
 */

export type DeliveryRow = DB['webhookEvent'];

/** Deliveries that wait for an attempt. */
const WAITING = ['Pending', 'Retrying'];

export interface ClaimOptions {
  /** Claim at most this many. */
  limit: number;
  /** How long the claim holds (longer than an attempt may last). */
  leaseMs: number;
}

/**
 * Claims up to `limit` due deliveries, oldest due first. A candidate another instance claims first
 * (or a replay changes meanwhile) fails the UPDATE's conditions and is skipped.
 */
export async function claimDueDeliveries(server: ServerContext, options: ClaimOptions): Promise<DeliveryRow[]> {
  if (options.limit <= 0) return [];
  const { db } = server.database;
  const now = Date.now();
  const candidates = await db
    .selectFrom('webhookEvent')
    .selectAll()
    .where('state', 'in', WAITING)
    .where('dueAt', '<=', now)
    .where('leaseUntil', '<=', now)
    .orderBy('dueAt')
    .limit(options.limit * 2)
    .execute();
  const claimed: DeliveryRow[] = [];
  for (const candidate of candidates) {
    if (claimed.length >= options.limit) break;
    const leaseId = randomUUID();
    const leaseUntil = now + options.leaseMs;
    const taken = await db
      .updateTable('webhookEvent')
      .set({ leaseUntil, leaseId })
      .where('owner', '=', candidate.owner)
      .where('name', '=', candidate.name)
      .where('state', '=', candidate.state)
      .where('attemptCount', '=', candidate.attemptCount)
      .where('dueAt', '<=', now)
      .where('leaseUntil', '<=', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) claimed.push({ ...candidate, leaseUntil, leaseId });
  }
  return claimed;
}

/** How an attempt ended. */
export interface AttemptOutcome {
  state: 'Success' | 'Retrying' | 'Failed';
  statusCode: number;
  response: string;
  error: string;
  /** When the next attempt is due (ms since the epoch), for Retrying. */
  retryAt?: number;
}

/** Longest answer kept of a receiver. */
const KEPT_RESPONSE = 1000;

/** Records an attempt of a claimed delivery and ends the claim; false when the claim was lost meanwhile. */
export async function finishAttempt(server: ServerContext, claimed: DeliveryRow, outcome: AttemptOutcome): Promise<boolean> {
  const retryAt = outcome.state === 'Retrying' ? (outcome.retryAt ?? Date.now()) : undefined;
  const done = await server.database.db
    .updateTable('webhookEvent')
    .set({
      state: outcome.state,
      attemptCount: claimed.attemptCount + 1,
      lastStatusCode: outcome.statusCode,
      lastResponse: outcome.response.slice(0, KEPT_RESPONSE),
      lastError: outcome.error.slice(0, KEPT_RESPONSE),
      nextRetryTime: retryAt === undefined ? '' : nowRfc3339(new Date(retryAt)),
      dueAt: retryAt ?? claimed.dueAt,
      leaseUntil: 0,
      leaseId: '',
      updatedTime: nowRfc3339(),
    })
    .where('owner', '=', claimed.owner)
    .where('name', '=', claimed.name)
    .where('leaseId', '=', claimed.leaseId)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Gives a claimed delivery back unattempted (the server is shutting down): another instance, or the next start, sends it. */
export async function releaseClaim(server: ServerContext, claimed: DeliveryRow): Promise<void> {
  await server.database.db
    .updateTable('webhookEvent')
    .set({ leaseUntil: 0, leaseId: '' })
    .where('owner', '=', claimed.owner)
    .where('name', '=', claimed.name)
    .where('leaseId', '=', claimed.leaseId)
    .execute();
}

/** The webhooks the claimed deliveries go to, by id, in one query (webhooks are owned by admin). */
export async function webhooksOf(server: ServerContext, ids: readonly string[]): Promise<Map<string, Webhook>> {
  const names = ids.map((id) => splitId(id)).flatMap((key) => (key && key.owner === ADMIN_OWNER ? [key.name] : []));
  if (names.length === 0) return new Map();
  const hooks = await server.database.db
    .selectFrom('webhook')
    .selectAll()
    .where('owner', '=', ADMIN_OWNER)
    .where('name', 'in', names)
    .execute();
  return new Map(hooks.map((hook) => [`${hook.owner}/${hook.name}`, hook]));
}
