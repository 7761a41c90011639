import {
  type AuditRecord,
  filterRecordObject,
  nowRfc3339,
  restrictUser,
  type Webhook,
  webhookId,
  webhookMatches,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { timeOrderedId } from '../crypto/time-ordered-id.js';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';

/** An audit record of the batch being written (before the database numbers it). */
type RecordRow = Omit<AuditRecord, 'id'>;

type WebhookEventRow = DB['webhookEvent'];

/** The deliveries a batch of records makes, worked out before the batch is written. */
export interface DeliveryPlan {
  /** Which webhooks each record is sent to, by the record's place in the batch. */
  matches: Map<number, Webhook[]>;
  /** The users the records name, for the webhooks that extend their payload: `organization/name` → user. */
  users: Map<string, Record<string, unknown>>;
}

const userKey = (organization: string, name: string) => `${organization}/${name}`;

/**
 * The webhooks each record of a batch goes to (Casdoor's SendWebhooks: enabled webhooks listening
 * to the record's action, of its organization unless they take every organization's), and the
 * users named by the records that extended webhooks need: two queries per batch, none per record.
 */
export async function planDeliveries(server: ServerContext, rows: readonly RecordRow[]): Promise<DeliveryPlan> {
  const plan: DeliveryPlan = { matches: new Map(), users: new Map() };
  if (rows.length === 0) return plan;
  const { db } = server.database;
  const enabled = await db.selectFrom('webhook').selectAll().where('isEnabled', '=', true).execute();
  if (enabled.length === 0) return plan;
  const wanted = new Map<string, { owner: string; name: string }>();
  rows.forEach((row, index) => {
    const matched = enabled.filter((hook) => webhookMatches(hook, row.organization, row.action));
    if (matched.length === 0) return;
    plan.matches.set(index, matched);
    if (row.user !== '' && matched.some((hook) => hook.isUserExtended)) {
      wanted.set(userKey(row.organization, row.user), { owner: row.organization, name: row.user });
    }
  });
  if (wanted.size > 0) {
    const users = await db
      .selectFrom('user')
      .selectAll()
      .where((eb) =>
        eb.or([...wanted.values()].map(({ owner, name }) => eb.and([eb('owner', '=', owner), eb('name', '=', name)]))),
      )
      .execute();
    for (const user of users) plan.users.set(userKey(user.owner, user.name), { ...user });
  }
  return plan;
}

/**
 * Stores the deliveries of a batch of records just inserted in `trx` (the same transaction: a
 * record and its deliveries are written together or not at all), each pending and due now, and
 * answers how many. The payload is the stored record (with the number the database gave it), its
 * object restricted to the webhook's object fields; the extended user is the user the record names
 * restricted to the webhook's user fields ('null' when there is none).
 */
export async function storeDeliveries(
  server: ServerContext,
  trx: Db,
  rows: readonly RecordRow[],
  plan: DeliveryPlan,
): Promise<number> {
  if (plan.matches.size === 0) return 0;
  const names = [...plan.matches.keys()].map((index) => rows[index]?.name ?? '');
  const numbered = await trx.selectFrom('record').select(['id', 'name']).where('name', 'in', names).execute();
  const ids = new Map(numbered.map((row) => [row.name, row.id]));
  const now = nowRfc3339();
  const deliveries: WebhookEventRow[] = [];
  for (const [index, hooks] of plan.matches) {
    const row = rows[index];
    if (!row) continue;
    for (const hook of hooks) {
      const record = { id: ids.get(row.name) ?? 0, ...row, object: filterRecordObject(row.object, hook.objectFields) };
      const user = plan.users.get(userKey(row.organization, row.user));
      deliveries.push({
        owner: hook.owner,
        name: timeOrderedId(),
        createdTime: now,
        updatedTime: now,
        webhook: webhookId(hook),
        organization: row.organization,
        eventType: row.action,
        state: 'Pending',
        payload: JSON.stringify(record),
        extendedUser: hook.isUserExtended ? JSON.stringify(user ? restrictUser(user, hook.tokenFields) : null) : '',
        attemptCount: 0,
        maxRetries: server.config.webhooks.maxAttempts,
        nextRetryTime: '',
        lastStatusCode: 0,
        lastResponse: '',
        lastError: '',
        dueAt: Date.now(),
        leaseUntil: 0,
        leaseId: '',
      });
    }
  }
  // Batches of 100 rows keep each statement well under every engine's limit on bound values.
  for (let start = 0; start < deliveries.length; start += 100) {
    await trx
      .insertInto('webhookEvent')
      .values(deliveries.slice(start, start + 100))
      .execute();
  }
  return deliveries.length;
}
