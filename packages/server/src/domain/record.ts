import { type AuditRecord, fieldEntries, record as recordDef, type Viewer } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { loose } from '../db/loose.js';
import type { LooseRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { EntityDomain, inTransaction } from './entity-domain.js';
import { planDeliveries, storeDeliveries } from './webhook-deliveries.js';

/** Audit records: read-only to every viewer (the definition's rules); written by the server only. */
export const records = new EntityDomain(recordDef);

/** A record before the database numbers it. */
export type NewAuditRecord = Omit<AuditRecord, 'id'>;

/**
 * Stores audit records, many in one INSERT (the recording queue's batches), with the webhook
 * deliveries they make in the same transaction (a record whose webhook was triggered says so:
 * isTriggered), and answers how many deliveries wait now. Only the server records calls: there is
 * no viewer to check, and the definition lets no viewer add one.
 */
export async function insertRecords(server: ServerContext, actor: 'system', rows: NewAuditRecord[]): Promise<number> {
  if (actor !== 'system' || rows.length === 0) return 0;
  const plan = await planDeliveries(server, rows);
  const written = rows.map((row, index) => (plan.matches.has(index) ? { ...row, isTriggered: true } : row));
  return inTransaction(server, undefined, async (trx) => {
    await loose(trx).insertInto(recordDef.table).values(written).execute();
    return storeDeliveries(server, trx, written, plan);
  });
}

/** The fields get-records-filter matches: text and whole numbers (a zero or empty value matches anything). */
const MATCHED = fieldEntries(recordDef).filter(([, field]) => field.kind === 'text' || field.kind === 'int');

/**
 * POST /api/get-records-filter: the records whose fields equal every non-empty field of `example`
 * (Casdoor's GetRecordsByField), newest first, as `viewer` may see them (an organization's
 * administrators their organization's only).
 */
export async function recordsMatching(server: ServerContext, viewer: Viewer | null, example: unknown): Promise<LooseRecord[]> {
  if (typeof example !== 'object' || example === null || Array.isArray(example)) throw new AppError('badJson');
  const given: LooseRecord = { ...example };
  const where: Record<string, string> = {};
  for (const [key, field] of MATCHED) {
    const value = given[key];
    if (value === undefined || value === null || value === '' || value === 0) continue;
    if (typeof value !== (field.kind === 'int' ? 'number' : 'string'))
      throw new AppError('invalidField', { field: key, detail: `must be a ${field.kind === 'int' ? 'number' : 'string'}` });
    where[key] = String(value);
  }
  const organization = where.organization ?? '';
  const { records: found } = await records.listFor(server, viewer, {
    organization,
    sort: { field: 'id', order: 'desc' },
    where,
  });
  return found;
}
