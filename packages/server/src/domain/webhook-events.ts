import {
  isAdmin,
  isGlobalAdmin,
  nowRfc3339,
  type Viewer,
  WEBHOOK_EVENT_STATES,
  type WebhookEvent,
  type WebhookEventState,
  webhookId,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { PageRequest } from '../db/list.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { refusal } from './actor.js';
import type { RecordKey } from './entity-domain.js';

/**
 * The delivery log (Casdoor's get-webhook-events, get-webhook-event-detail, replay-webhook-event,
 * delete-webhook-event), for administrators: global administrators see every delivery; an
 * organization's administrators those of their organization's records to their organization's
 * webhooks, never a delivery of another organization's records nor one to a webhook they do not
 * manage.
 */

type Row = DB['webhookEvent'];
export type WebhookEventSortField = 'createdTime' | 'eventType' | 'state';

export interface WebhookEventQuery {
  /** Global administrators only: deliveries of this owner / organization ('' = any). */
  owner: string;
  organization: string;
  /** The webhook's id owner/name ('' = any). */
  webhook: string;
  state: WebhookEventState | '';
  page?: PageRequest;
  sort: { field: WebhookEventSortField; order: 'asc' | 'desc' };
}

/** Without paging Casdoor answers at most this many deliveries. */
const UNPAGED_LIMIT = 100;

export function webhookEventState(value: string): WebhookEventState | undefined {
  return WEBHOOK_EVENT_STATES.find((state) => state === value);
}

/** A stored delivery as the wire shows it (without the dispatcher's bookkeeping). */
export function webhookEventOf(row: Row): WebhookEvent {
  const { dueAt: _due, leaseUntil: _lease, leaseId: _claim, state, ...shown } = row;
  return { ...shown, state: webhookEventState(state) ?? 'Pending' };
}

function requireAdmin(viewer: Viewer | null): Viewer {
  if (!viewer || !isAdmin(viewer)) throw refusal(viewer);
  return viewer;
}

/** The ids of the webhooks of an organization (an organization has few). */
async function organizationWebhookIds(server: ServerContext, organization: string): Promise<string[]> {
  const hooks = await server.database.db
    .selectFrom('webhook')
    .select(['owner', 'name'])
    .where('organization', '=', organization)
    .execute();
  return hooks.map(webhookId);
}

/** Whether an organization administrator may see the delivery. */
async function mayManage(server: ServerContext, viewer: Viewer, row: Row): Promise<boolean> {
  if (isGlobalAdmin(viewer)) return true;
  if (row.organization !== viewer.owner) return false;
  return (await organizationWebhookIds(server, viewer.owner)).includes(row.webhook);
}

export async function listWebhookEvents(
  server: ServerContext,
  viewer: Viewer | null,
  query: WebhookEventQuery,
): Promise<{ events: WebhookEvent[]; total: number }> {
  const admin = requireAdmin(viewer);
  let q = server.database.db.selectFrom('webhookEvent');
  if (isGlobalAdmin(admin)) {
    if (query.owner !== '') q = q.where('owner', '=', query.owner);
    if (query.organization !== '') q = q.where('organization', '=', query.organization);
  } else {
    const own = await organizationWebhookIds(server, admin.owner);
    if (own.length === 0) return { events: [], total: 0 };
    q = q.where('organization', '=', admin.owner).where('webhook', 'in', own);
  }
  if (query.webhook !== '') q = q.where('webhook', '=', query.webhook);
  if (query.state !== '') q = q.where('state', '=', query.state);
  const { field, order } = query.sort;
  let rows = q.selectAll().orderBy(field, order);
  if (field !== 'createdTime') rows = rows.orderBy('createdTime', order);
  rows = rows.orderBy('name', order);
  if (!query.page) {
    const events = (await rows.limit(UNPAGED_LIMIT).execute()).map(webhookEventOf);
    return { events, total: events.length };
  }
  const { page, pageSize } = query.page;
  const [found, counted] = await Promise.all([
    rows
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { events: found.map(webhookEventOf), total: Number(counted?.total ?? 0) };
}

async function storedEvent(server: ServerContext, key: RecordKey): Promise<Row | undefined> {
  return server.database.db
    .selectFrom('webhookEvent')
    .selectAll()
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .executeTakeFirst();
}

/** One delivery with its payload, or null when there is none. */
export async function webhookEventFor(
  server: ServerContext,
  viewer: Viewer | null,
  key: RecordKey,
): Promise<WebhookEvent | null> {
  const admin = requireAdmin(viewer);
  const row = await storedEvent(server, key);
  if (!row) return null;
  if (!(await mayManage(server, admin, row))) throw refusal(admin);
  return webhookEventOf(row);
}

/**
 * Queues a delivery again (Casdoor's replay): pending, no attempts, due now. A delivery being sent
 * at this moment is refused rather than sent twice at once.
 */
export async function replayWebhookEvent(server: ServerContext, viewer: Viewer | null, key: RecordKey): Promise<void> {
  const admin = requireAdmin(viewer);
  const row = await storedEvent(server, key);
  if (!row) throw new AppError('webhookEventMissing', { id: `${key.owner}/${key.name}` });
  if (!(await mayManage(server, admin, row))) throw refusal(admin);
  const now = Date.now();
  const replayed = await server.database.db
    .updateTable('webhookEvent')
    .set({ state: 'Pending', attemptCount: 0, nextRetryTime: '', lastError: '', dueAt: now, updatedTime: nowRfc3339() })
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .where('leaseUntil', '<=', now)
    .executeTakeFirst();
  if (Number(replayed.numUpdatedRows) === 0) throw new AppError('webhookEventBusy');
}

/** Deletes a delivery; false when there is none. */
export async function deleteWebhookEvent(server: ServerContext, viewer: Viewer | null, key: RecordKey): Promise<boolean> {
  const admin = requireAdmin(viewer);
  const row = await storedEvent(server, key);
  if (!row) return false;
  if (!(await mayManage(server, admin, row))) throw refusal(admin);
  const deleted = await server.database.db
    .deleteFrom('webhookEvent')
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** A renamed webhook keeps its deliveries (in the rename's transaction). */
export async function renameWebhookEvents(trx: Db, from: string, to: string): Promise<void> {
  await trx.updateTable('webhookEvent').set({ webhook: to }).where('webhook', '=', from).execute();
}

/** A deleted webhook's deliveries go with it (in the delete's transaction). */
export async function deleteWebhookEvents(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('webhookEvent').where('webhook', '=', id).execute();
}
