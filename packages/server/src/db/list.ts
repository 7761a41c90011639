import { ADMIN_OWNER, type EntityDefinition, keyFieldOf } from '@gatehouse/entities';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DialectName } from './database.js';
import type { AnyTables, LooseDb } from './loose.js';
import type { DB } from './schema.js';

/** One page of a list: its 1-based number and its size (both validated). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** A validated list request. Identifiers in it come from the definition's allow-lists only. */
export interface ListParams {
  /** Requested organization scope ('' = all). */
  organization: string;
  page?: number;
  pageSize?: number;
  search?: { field: string; value: string; exact: boolean };
  sort: { field: string; order: 'asc' | 'desc' };
  /** Exact matches the server adds (never from the client): column → value. */
  where?: Record<string, string>;
  /** Only members of this group (id owner/name), for entities whose records join groups (users). */
  memberOf?: string;
}

/** Escapes LIKE wildcards; patterns use '!' as the escape character on every engine. */
export function likePattern(value: string): string {
  return `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** A LIKE pattern (escape '!') for values starting with `prefix`. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * No stored text holds a NUL (text fields refuse it, db/value-errors.ts): a value with one matches
 * nothing, on every engine alike (PostgreSQL refuses such a parameter, SQLite's LIKE and FTS5 stop
 * reading at it).
 */
export const hasNul = (value: string) => value.includes('\u0000');
export const NOTHING = sql<boolean>`1 = 0`;

/** A case-blind LIKE of `column` against `value` anywhere in it (ILIKE on PostgreSQL). */
export function containsCondition(column: string, value: string, dialect: DialectName) {
  if (hasNul(value)) return NOTHING;
  const op = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return sql<boolean>`${sql.ref(column)} ${op} ${likePattern(value)} escape '!'`;
}

type ListQuery = SelectQueryBuilder<DB & AnyTables, string, object>;

/**
 * On SQLite, the columns of an entity's table that an FTS5 trigram index covers (field -> index
 * column; migrations/0028_list_indexes.ts). PostgreSQL's trigram indexes need no help: the planner
 * uses them for ILIKE itself.
 */
const SQLITE_TRIGRAM_COLUMNS: Record<string, Record<string, string>> = {
  user: { name: 'name', displayName: 'display_name', email: 'email', phone: 'phone' },
};

/**
 * The list search: a case-blind substring match (Casdoor's LIKE '%value%'). On SQLite, a value of
 * three characters or more of a column the trigram index covers also names its candidates from
 * that index (a superset: it folds case as LIKE does and more), so that the LIKE checks a few rows
 * instead of scanning every user; the LIKE alone decides what matches.
 */
function searchCondition(def: EntityDefinition, field: string, value: string, dialect: DialectName) {
  const like = containsCondition(field, value, dialect);
  const column = dialect === 'sqlite' ? SQLITE_TRIGRAM_COLUMNS[def.table]?.[field] : undefined;
  if (column === undefined || [...value].length < 3) return like;
  const phrase = `${column} : "${value.replaceAll('"', '""')}"`;
  const key = sql`(${sql.ref(`${def.table}.owner`)}, ${sql.ref(`${def.table}.name`)})`;
  const candidates = sql`select owner, name from ${sql.table(`${def.table}_search_key`)} where id in (select rowid from ${sql.table(`${def.table}_search`)} where ${sql.table(`${def.table}_search`)} match ${phrase})`;
  return sql<boolean>`${like} and ${key} in (${candidates})`;
}

/** Entities whose records per organization a counter table holds, kept by triggers (migrations/0028). */
const ORGANIZATION_COUNTERS: Record<string, { table: string; column: string }> = {
  user: { table: 'userCount', column: 'users' },
};

/**
 * The number of records of an entity in one organization ('' = all) from its counter, or
 * undefined when it has none. Exact: the counter changes in the transaction of every insert,
 * delete and move of a record, whoever writes it.
 */
export async function organizationTotal(db: LooseDb, table: string, scope: string): Promise<number | undefined> {
  const counter = ORGANIZATION_COUNTERS[table];
  if (!counter) return undefined;
  let q = db.selectFrom(counter.table).select((eb) => eb.fn.sum<number | string | null>(counter.column).as('total'));
  if (scope !== '') q = q.where('owner', '=', scope);
  const row = await q.executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Whether a list's total is every record of its scope (no search, filter or membership). */
function countsWholeScope(def: EntityDefinition, params: ListParams, scope: string): boolean {
  const shared = scope !== '' && def.shared && scope !== ADMIN_OWNER;
  return (
    def.orgField === 'owner' &&
    !hasNul(scope) &&
    !def.fixedOwner &&
    !shared &&
    params.search === undefined &&
    params.memberOf === undefined &&
    Object.keys(params.where ?? {}).length === 0
  );
}

/**
 * Applies the scope and search of a list to a query. `scope` is the organization the caller is
 * held to ('' = all). An organization's list of a shared entity also holds the records of `admin`;
 * the OR on one column stays an index range (owner, sort column, name) on every engine.
 */
export function applyListWhere(qb: ListQuery, def: EntityDefinition, params: ListParams, scope: string, dialect: DialectName) {
  const values = [scope, params.memberOf ?? '', params.search?.value ?? '', ...Object.values(params.where ?? {})];
  if (values.some(hasNul)) return qb.where(NOTHING);
  let q = qb;
  if (def.fixedOwner) q = q.where('owner', '=', def.fixedOwner);
  if (scope !== '' && def.shared && scope !== ADMIN_OWNER) {
    q = q.where((eb) => eb.or([eb(def.orgField, '=', scope), eb(def.orgField, '=', ADMIN_OWNER)]));
  } else if (scope !== '') {
    q = q.where(def.orgField, '=', scope);
  }
  for (const [field, value] of Object.entries(params.where ?? {})) q = q.where(field, '=', value);
  const { memberOf } = params;
  if (memberOf !== undefined) {
    // Through the memberships' index (groupId, owner, name), not the users' JSON lists.
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('userGroup')
          .select('userGroup.groupId')
          .where('userGroup.groupId', '=', memberOf)
          .whereRef('userGroup.owner', '=', `${def.table}.owner`)
          .whereRef('userGroup.name', '=', `${def.table}.name`),
      ),
    );
  }
  if (params.search) {
    const { field, value, exact } = params.search;
    q = exact ? q.where(field, '=', value) : q.where(searchCondition(def, field, value, dialect));
  }
  return q;
}

/** One page of rows and the total, in a total order. */
export async function runList(
  db: LooseDb,
  def: EntityDefinition,
  params: ListParams,
  scope: string,
  dialect: DialectName,
): Promise<{ rows: Record<string, unknown>[]; total: number | null }> {
  const base = applyListWhere(db.selectFrom(def.table), def, params, scope, dialect);
  // owner and key (the name) make the order total, and follow the direction, so descend reverses ascend.
  let rowsQuery = base.selectAll().orderBy(params.sort.field, params.sort.order);
  for (const key of ['owner', keyFieldOf(def)])
    if (key !== params.sort.field) rowsQuery = rowsQuery.orderBy(key, params.sort.order);
  if (params.page !== undefined && params.pageSize !== undefined) {
    rowsQuery = rowsQuery.limit(params.pageSize).offset((params.page - 1) * params.pageSize);
    const counted = async () =>
      (countsWholeScope(def, params, scope) ? await organizationTotal(db, def.table, scope) : undefined) ??
      Number((await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst())?.total ?? 0);
    const [rows, total] = await Promise.all([rowsQuery.execute(), counted()]);
    return { rows, total };
  }
  return { rows: await rowsQuery.execute(), total: null };
}
