import { DEFINITIONS, fieldEntries, keyFieldOf } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { likePattern, likePrefix } from '../db/list.js';
import { loose } from '../db/loose.js';

/**
 * Lists of ids that name other records (a role's users, groups and sub-roles; a permission's): the
 * list fields with a `ref` in the registry, so that entities added later are covered without
 * edits. Renames and deletes of the records named are followed here, in the caller's transaction.
 * The lists are JSON text: a LIKE on the quoted id finds the candidate rows, and the exact match is
 * made on the parsed list.
 */
/** A table's field naming other records, and the column that keys the table's rows (the name, or the entity's keyField). */
interface IdField {
  table: string;
  field: string;
  key: string;
}

function idListFields(entity?: string): IdField[] {
  const out: IdField[] = [];
  for (const def of DEFINITIONS) {
    for (const [field, spec] of fieldEntries(def)) {
      if (spec.kind === 'list' && spec.ref && (entity === undefined || spec.ref === entity))
        out.push({ table: def.table, field, key: keyFieldOf(def) });
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
        out.push({ table: def.table, field, key: keyFieldOf(def) });
    }
  }
  return out;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Rewrites the lists of `table.field` whose rows match `pattern` (a LIKE pattern, escape '!'). */
async function rewrite(
  trx: Db,
  { table, field, key }: IdField,
  pattern: string,
  change: (list: string[]) => string[],
): Promise<void> {
  const rows = await loose(trx)
    .selectFrom(table)
    .select(['owner', key, field])
    .where(sql<boolean>`${sql.ref(field)} like ${pattern} escape '!'`)
    .execute();
  for (const row of rows) {
    const before = asList(row[field]);
    const after = change(before);
    if (JSON.stringify(after) === JSON.stringify(before)) continue;
    await loose(trx)
      .updateTable(table)
      .set({ [field]: after })
      .where('owner', '=', String(row.owner))
      .where(key, '=', String(row[key]))
      .execute();
  }
}

/**
 * Follows the rename of a record of `entity` from id `from` to id `to` (owner/name), or with `to`
 * null its delete, into every id list naming it.
 */
export async function followIdReferences(trx: Db, entity: string, from: string, to: string | null): Promise<void> {
  // A single id keeps naming a deleted record (the next save of its holder says it is missing).
  if (to !== null) {
    for (const { table, field } of idFields(entity)) {
      await loose(trx)
        .updateTable(table)
        .set({ [field]: to })
        .where(field, '=', from)
        .execute();
    }
  }
  for (const listField of idListFields(entity)) {
    await rewrite(trx, listField, likePattern(JSON.stringify(from)), (list) =>
      to === null ? list.filter((id) => id !== from) : [...new Set(list.map((id) => (id === from ? to : id)))],
    );
  }
}

/** Follows an organization's rename into every id list: ids `from/...` (and `from/*`) become `to/...`. */
export async function renameOrganizationInIdLists(trx: Db, from: string, to: string): Promise<void> {
  const prefix = `${from}/`;
  for (const { table, field, key } of idFields()) {
    const rows = await loose(trx)
      .selectFrom(table)
      .select(['owner', key, field])
      .where(sql<boolean>`${sql.ref(field)} like ${likePrefix(prefix)} escape '!'`)
      .execute();
    for (const row of rows) {
      await loose(trx)
        .updateTable(table)
        .set({ [field]: `${to}/${String(row[field]).slice(prefix.length)}` })
        .where('owner', '=', String(row.owner))
        .where(key, '=', String(row[key]))
        .execute();
    }
  }
  for (const listField of idListFields()) {
    await rewrite(trx, listField, `%${likePrefix(JSON.stringify(prefix).slice(0, -1))}`, (list) =>
      list.map((id) => (id.startsWith(prefix) ? `${to}/${id.slice(prefix.length)}` : id)),
    );
  }
}
