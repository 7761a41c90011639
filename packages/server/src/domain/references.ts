import { DEFINITIONS, type EntityDefinition, fieldEntries, keyFieldOf } from '@gatehouse/entities';
import { type RawBuilder, sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { likePattern, likePrefix } from '../db/list.js';
import { loose } from '../db/loose.js';

/**
 * Lists of ids that name other records (a role's users, groups and sub-roles; a permission's): the
 * list fields with a `ref` in the registry, so that entities added later are covered without
 * edits. Renames and deletes of the records named are followed here, in the caller's transaction,
 * and each record changed is reported to the written event (an update of the field). The lists are
 * JSON text: a LIKE on the quoted id finds the candidate rows, and the exact match is made on the
 * parsed list.
 */
/** An entity's field naming other records, its table, and the column that keys the table's rows (the name, or the entity's keyField). */
interface IdField {
  entity: string;
  table: string;
  field: string;
  key: string;
}

function idListFields(entity?: string): IdField[] {
  const out: IdField[] = [];
  for (const def of DEFINITIONS) {
    for (const [field, spec] of fieldEntries(def)) {
      if (spec.kind === 'list' && spec.ref && (entity === undefined || spec.ref === entity))
        out.push({ entity: def.name, table: def.table, field, key: keyFieldOf(def) });
    }
  }
  return out;
}

/** Text fields naming a record by id (owner/name, `refId` in the registry): an enforcer's model. */
function idFields(entity?: string): IdField[] {
  const out: IdField[] = [];
  for (const def of DEFINITIONS) {
    for (const [field, spec] of fieldEntries(def)) {
      if (spec.refId && (entity === undefined || spec.refId === entity))
        out.push({ entity: def.name, table: def.table, field, key: keyFieldOf(def) });
    }
  }
  return out;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Writes `value` into the field of one row (by owner and key) and reports the update. */
async function setField(
  server: ServerContext,
  trx: Db,
  { entity, table, field, key }: IdField,
  row: Record<string, unknown>,
  value: unknown,
): Promise<void> {
  const owner = String(row.owner);
  const name = String(row[key]);
  await loose(trx)
    .updateTable(table)
    .set({ [field]: value })
    .where('owner', '=', owner)
    .where(key, '=', name)
    .execute();
  server.services.writes.report(trx, { entity, kind: 'update', id: `${owner}/${name}`, fields: [field] });
}

/** The rows of `table.field` that `where` selects, with their owner, key and field. */
function rowsWhere({ table, field, key }: IdField, trx: Db, where: RawBuilder<boolean>) {
  return loose(trx).selectFrom(table).select(['owner', key, field]).where(where).execute();
}

/** Rewrites the lists of `table.field` whose rows match `pattern` (a LIKE pattern, escape '!'). */
async function rewrite(
  server: ServerContext,
  trx: Db,
  listField: IdField,
  pattern: string,
  change: (list: string[]) => string[],
): Promise<void> {
  const { field } = listField;
  for (const row of await rowsWhere(listField, trx, sql<boolean>`${sql.ref(field)} like ${pattern} escape '!'`)) {
    const before = asList(row[field]);
    const after = change(before);
    if (JSON.stringify(after) !== JSON.stringify(before)) await setField(server, trx, listField, row, after);
  }
}

/**
 * Follows the rename of a record of `entity` from id `from` to id `to` (owner/name), or with `to`
 * null its delete, into every id list naming it.
 */
export async function followIdReferences(
  server: ServerContext,
  trx: Db,
  entity: string,
  from: string,
  to: string | null,
): Promise<void> {
  // A single id keeps naming a deleted record (the next save of its holder says it is missing).
  if (to !== null) {
    for (const idField of idFields(entity)) {
      for (const row of await rowsWhere(idField, trx, sql<boolean>`${sql.ref(idField.field)} = ${from}`)) {
        await setField(server, trx, idField, row, to);
      }
    }
  }
  for (const listField of idListFields(entity)) {
    await rewrite(server, trx, listField, likePattern(JSON.stringify(from)), (list) =>
      to === null ? list.filter((id) => id !== from) : [...new Set(list.map((id) => (id === from ? to : id)))],
    );
  }
}

/**
 * Follows a name that records of one owner hold in `field` (a subgroup's parent, a permission's
 * adapter by name) from `from` to `to`, in one update, each record changed reported.
 */
export async function followNameWithinOwner(
  server: ServerContext,
  trx: Db,
  def: EntityDefinition,
  field: string,
  owner: string,
  from: string,
  to: string,
): Promise<void> {
  const key = keyFieldOf(def);
  const rows = await loose(trx).selectFrom(def.table).select(key).where('owner', '=', owner).where(field, '=', from).execute();
  if (rows.length === 0) return;
  await loose(trx)
    .updateTable(def.table)
    .set({ [field]: to })
    .where('owner', '=', owner)
    .where(field, '=', from)
    .execute();
  for (const row of rows) {
    server.services.writes.report(trx, { entity: def.name, kind: 'update', id: `${owner}/${String(row[key])}`, fields: [field] });
  }
}

/** Follows an organization's rename into every id list: ids `from/...` (and `from/*`) become `to/...`. */
export async function renameOrganizationInIdLists(server: ServerContext, trx: Db, from: string, to: string): Promise<void> {
  const prefix = `${from}/`;
  for (const idField of idFields()) {
    const rows = await rowsWhere(idField, trx, sql<boolean>`${sql.ref(idField.field)} like ${likePrefix(prefix)} escape '!'`);
    for (const row of rows) await setField(server, trx, idField, row, `${to}/${String(row[idField.field]).slice(prefix.length)}`);
  }
  for (const listField of idListFields()) {
    await rewrite(server, trx, listField, `%${likePrefix(JSON.stringify(prefix).slice(0, -1))}`, (list) =>
      list.map((id) => (id.startsWith(prefix) ? `${to}/${id.slice(prefix.length)}` : id)),
    );
  }
}
