import { type EntityDefinition, MAX_PAGE_SIZE, searchableFields, sortableFields } from '@gatehouse/entities';
import type { ListParams } from '../db/list.js';
import { AppError } from '../errors.js';

/**
 * Reads the wire's list parameters (owner|organization|organizationName, p, pageSize, field, value,
 * sortField, sortOrder). Unknown search or sort fields are refused, never passed on to SQL.
 */
export function parseListQuery(def: EntityDefinition, rawQuery: Record<string, unknown>): ListParams {
  const query = (name: string) => {
    const value = rawQuery[name];
    return typeof value === 'string' ? value : undefined;
  };
  const params: ListParams = {
    organization: query(def.orgParam) ?? '',
    sort: { field: def.defaultSort.field, order: def.defaultSort.order === 'ascend' ? 'asc' : 'desc' },
  };

  const p = query('p') ?? '';
  const pageSize = query('pageSize') ?? '';
  if (p !== '' && pageSize !== '') {
    const pn = Number(p);
    const ps = Number(pageSize);
    if (!Number.isInteger(pn) || !Number.isInteger(ps) || pn < 1 || ps < 1 || ps > MAX_PAGE_SIZE) {
      throw new AppError('badPage', { max: MAX_PAGE_SIZE });
    }
    params.page = pn;
    params.pageSize = ps;
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
