import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Webhooks and their deliveries (Casdoor's webhook_event, plus the columns of the dispatcher's
 * lease: docs/subsystems/webhooks.md). Webhooks get an index per sortable
 * column, for all organizations and for one. Deliveries are claimed by (state, dueAt) and listed
 * per webhook, per organization or all, newest first or by event type or state.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'webhook', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['organization', 'str', 100],
    ['url', 'str', 255],
    ['method', 'str', 10],
    ['contentType', 'str', 100],
    ['headers', 'text'],
    ['secret', 'str', 200],
    ['events', 'text'],
    ['objectFields', 'text'],
    ['isUserExtended', 'bool'],
    ['tokenFields', 'text'],
    ['singleOrgOnly', 'bool'],
    ['isEnabled', 'bool'],
  ]).execute();
  await createListIndexes(
    db,
    'webhook',
    ['name', 'createdTime', 'organization', 'url', 'method', 'contentType', 'isUserExtended', 'singleOrgOnly', 'isEnabled'],
    'organization',
  );

  await createTable(db, dialect, 'webhookEvent', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['updatedTime', 'str', 64],
    ['webhook', 'str', 200],
    ['organization', 'str', 100],
    ['eventType', 'str', 255],
    ['state', 'str', 20],
    ['payload', 'text'],
    ['extendedUser', 'text'],
    ['attemptCount', 'int'],
    ['maxRetries', 'int'],
    ['nextRetryTime', 'str', 64],
    ['lastStatusCode', 'int'],
    ['lastResponse', 'text'],
    ['lastError', 'text'],
    // The dispatcher's bookkeeping (milliseconds since the epoch): when the delivery is due, until
    // when the instance that claimed it holds it, and that claim's id.
    ['dueAt', 'bigint'],
    ['leaseUntil', 'bigint'],
    ['leaseId', 'str', 100],
  ]).execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(`webhook_event_${name}_idx`).on('webhookEvent').columns(columns).execute();
  await index('due', ['state', 'dueAt']);
  for (const sort of ['createdTime', 'eventType', 'state']) {
    const order = sort === 'createdTime' ? ['createdTime', 'name'] : [sort, 'createdTime', 'name'];
    const suffix = sort.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    await index(suffix, order);
    await index(`webhook_${suffix}`, ['webhook', ...order]);
    await index(`organization_${suffix}`, ['organization', ...order]);
  }
}
