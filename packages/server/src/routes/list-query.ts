import { ADMIN_OWNER, type EntityDefinition, MAX_PAGE_SIZE, searchableFields, sortableFields } from '@gatehouse/entities';
import type { ListParams, PageRequest } from '../db/list.js';
import { AppError } from '../errors.js';

/**
 * The wire's paging parameters `p` and `pageSize`: undefined unless both are given (the call then
 * answers every row); refused unless both are positive whole numbers and pageSize is at most
 * MAX_PAGE_SIZE.
 */
export function parsePage(rawQuery: Record<string, unknown>): PageRequest | undefined {
  const p = rawQuery.p;
  const pageSize = rawQuery.pageSize;
  if (typeof p !== 'string' || typeof pageSize !== 'string' || p === '' || pageSize === '') return undefined;
  const page = Number(p);
  const size = Number(pageSize);
  if (!Number.isInteger(page) || !Number.isInteger(size) || page < 1 || size < 1 || size > MAX_PAGE_SIZE) {
    throw new AppError('badPage', { max: MAX_PAGE_SIZE });
  }
  return { page, pageSize: size };
}

/**
 * Reads the wire's list parameters (owner|organization|organizationName, p, pageSize, field, value,
 * sortField, sortOrder). Unknown search or sort fields are refused, never passed on to SQL.
 */
export function parseListQuery(def: EntityDefinition, rawQuery: Record<string, unknown>): ListParams {
  const query = (name: string) => {
    const value = rawQuery[name];
    return typeof value === 'string' ? value : undefined;
  };
  // Records that name their organization in a field of its own may be asked for by owner too
  // (Casdoor's SDKs send owner=<organization>); the owner `admin` means every organization.
  const owner = def.orgField === 'organization' && def.orgParam !== 'owner' ? query('owner') : undefined;
  const params: ListParams = {
    organization: query(def.orgParam) ?? (owner === ADMIN_OWNER ? undefined : owner) ?? '',
    sort: { field: def.defaultSort.field, order: def.defaultSort.order === 'ascend' ? 'asc' : 'desc' },
  };

  const page = parsePage(rawQuery);
  if (page) {
    params.page = page.page;
    params.pageSize = page.pageSize;
  }

  const field = query('field') ?? '';
  const value = query('value') ?? '';
  if (field !== '' && value !== '') {
    const allowed = searchableFields(def);
    if (!allowed.includes(field)) throw new AppError('unknownSearchField', { field });
    const spec = def.fields[field];
    params.search = { field, value, exact: !!spec?.filters && !spec.searchable };
  }

  const sortField = query('sortField') ?? '';
  const sortOrder = query('sortOrder') ?? '';
  if (sortField !== '' && sortOrder !== '') {
    if (!sortableFields(def).includes(sortField)) throw new AppError('unknownSortField', { field: sortField });
    if (sortOrder !== 'ascend' && sortOrder !== 'descend') throw new AppError('badSortOrder');
    params.sort = { field: sortField, order: sortOrder === 'ascend' ? 'asc' : 'desc' };
  }
  const groupName = query('groupName') ?? '';
  if (def.groupMembers && groupName !== '') {
    // A group of the listed organization; the console's tree names it alone, other callers may give its id.
    params.memberOf = groupName.includes('/') ? groupName : `${params.organization}/${groupName}`;
  }
  return params;
}
