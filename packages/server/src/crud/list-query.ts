import { ADMIN_OWNER, type EntityDefinition, MAX_PAGE_SIZE, searchableFields, sortableFields } from '@gatehouse/entities';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DialectName } from '../db/database.js';
import { AppError } from '../errors.js';

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
}

type Query = Record<string, string | undefined>;

/**
 * Reads the wire's list parameters (owner|organization|organizationName, p, pageSize, field, value,
 * sortField, sortOrder). Unknown search or sort fields are refused, never passed on to SQL.
 */
export function parseListQuery(def: EntityDefinition<any>, query: Query): ListParams {
  const params: ListParams = {
    organization: query[def.orgParam] ?? '',
    sort: { field: def.defaultSort.field, order: def.defaultSort.order === 'ascend' ? 'asc' : 'desc' },
  };

  const p = query.p ?? '';
  const pageSize = query.pageSize ?? '';
  if (p !== '' && pageSize !== '') {
    const pn = Number(p);
    const ps = Number(pageSize);
    if (!Number.isInteger(pn) || !Number.isInteger(ps) || pn < 1 || ps < 1 || ps > MAX_PAGE_SIZE) {
      throw new AppError('badPage', { max: MAX_PAGE_SIZE });
    }
    params.page = pn;
    params.pageSize = ps;
  }

  const field = query.field ?? '';
  const value = query.value ?? '';
  if (field !== '' && value !== '') {
    const allowed = searchableFields(def);
    if (!allowed.includes(field)) throw new AppError('unknownSearchField', { field });
    const spec = def.fields[field];
    params.search = { field, value, exact: !!spec?.filters && !spec.searchable };
  }

  const sortField = query.sortField ?? '';
  const sortOrder = query.sortOrder ?? '';
  if (sortField !== '' && sortOrder !== '') {
    if (!sortableFields(def).includes(sortField)) throw new AppError('unknownSortField', { field: sortField });
    if (sortOrder !== 'ascend' && sortOrder !== 'descend') throw new AppError('badSortOrder');
    params.sort = { field: sortField, order: sortOrder === 'ascend' ? 'asc' : 'desc' };
  }
  return params;
}

/** Escapes LIKE wildcards; patterns use '!' as the escape character on every engine. */
export function likePattern(value: string): string {
  return `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Applies the scope and search of a list to a query. `scope` is the organization the caller is
 * held to ('' = all). An organization's list of a shared entity also holds the records of `admin`;
 * the OR on one column stays an index range (owner, sort column, name) on every engine.
 */
export function applyListWhere<QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  def: EntityDefinition<any>,
  params: ListParams,
  scope: string,
  dialect: DialectName,
): QB {
  let q = qb;
  if (def.fixedOwner) q = q.where('owner', '=', def.fixedOwner) as QB;
  if (scope !== '' && def.shared && scope !== ADMIN_OWNER) {
    q = q.where((eb) => eb.or([eb(def.orgField, '=', scope), eb(def.orgField, '=', ADMIN_OWNER)])) as QB;
  } else if (scope !== '') {
    q = q.where(def.orgField, '=', scope) as QB;
  }
  for (const [field, value] of Object.entries(params.where ?? {})) q = q.where(field, '=', value) as QB;
  if (params.search) {
    const { field, value, exact } = params.search;
    if (exact) {
      q = q.where(field, '=', value) as QB;
    } else {
      const op = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
      q = q.where(sql<boolean>`${sql.ref(field)} ${op} ${likePattern(value)} escape '!'`) as QB;
    }
  }
  return q;
}

/** One page of rows and the total, in a total order. */
export async function runList(
  db: Kysely<any>,
  def: EntityDefinition<any>,
  params: ListParams,
  scope: string,
  dialect: DialectName,
): Promise<{ rows: Record<string, unknown>[]; total: number | null }> {
  const base = applyListWhere(db.selectFrom(def.table), def, params, scope, dialect);
  // owner and name make the order total, and follow the direction, so descend reverses ascend.
  let rowsQuery = base.selectAll().orderBy(params.sort.field, params.sort.order);
  for (const key of ['owner', 'name']) if (key !== params.sort.field) rowsQuery = rowsQuery.orderBy(key, params.sort.order);
  if (params.page !== undefined && params.pageSize !== undefined) {
    rowsQuery = rowsQuery.limit(params.pageSize).offset((params.page - 1) * params.pageSize);
    const [rows, count] = await Promise.all([
      rowsQuery.execute(),
      base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    ]);
    return { rows, total: Number((count as { total?: unknown } | undefined)?.total ?? 0) };
  }
  return { rows: await rowsQuery.execute(), total: null };
}
