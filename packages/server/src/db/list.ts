import { ADMIN_OWNER, type EntityDefinition, keyFieldOf } from '@gatehouse/entities';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DialectName } from './database.js';
import type { AnyTables, LooseDb } from './loose.js';
import type { DB } from './schema.js';

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

/** A case-blind LIKE of `column` against `value` anywhere in it (ILIKE on PostgreSQL). */
export function containsCondition(column: string, value: string, dialect: DialectName) {
  const op = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return sql<boolean>`${sql.ref(column)} ${op} ${likePattern(value)} escape '!'`;
}

type ListQuery = SelectQueryBuilder<DB & AnyTables, string, object>;

/**
 * Applies the scope and search of a list to a query. `scope` is the organization the caller is
 * held to ('' = all). An organization's list of a shared entity also holds the records of `admin`;
 * the OR on one column stays an index range (owner, sort column, name) on every engine.
 */
export function applyListWhere(qb: ListQuery, def: EntityDefinition, params: ListParams, scope: string, dialect: DialectName) {
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
    q = exact ? q.where(field, '=', value) : q.where(containsCondition(field, value, dialect));
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
    const [rows, count] = await Promise.all([
      rowsQuery.execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }
  return { rows: await rowsQuery.execute(), total: null };
}
