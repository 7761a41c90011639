import { isGlobalAdmin, type ListQuery, type SortOrder, type Viewer } from '@gatehouse/entities';
import { ALL_ORGANIZATIONS } from '../shell/selected-organization';

/**
 * The state of a list screen (page, size, sort, the one active search or filter), kept in the
 * URL so that it survives reloads and the Back button, and turned into the wire's list query.
 */
export interface ListState {
  page: number;
  pageSize: number;
  field?: string;
  value?: string;
  sortField?: string;
  sortOrder?: SortOrder;
}

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? n : undefined;
}

export function readListState(params: URLSearchParams, defaultPageSize: number): ListState {
  const state: ListState = {
    page: positiveInt(params.get('p')) ?? 1,
    pageSize: positiveInt(params.get('pageSize')) ?? defaultPageSize,
  };
  const field = params.get('field');
  const value = params.get('value');
  if (field && value) Object.assign(state, { field, value });
  const sortField = params.get('sortField');
  const sortOrder = params.get('sortOrder');
  if (sortField && (sortOrder === 'ascend' || sortOrder === 'descend')) Object.assign(state, { sortField, sortOrder });
  return state;
}

/** The URL parameters of a state; defaults are left out so that a fresh list has a clean URL. */
export function writeListState(state: ListState, defaultPageSize: number): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('p', String(state.page));
  if (state.pageSize !== defaultPageSize) params.set('pageSize', String(state.pageSize));
  if (state.field && state.value) {
    params.set('field', state.field);
    params.set('value', state.value);
  }
  if (state.sortField && state.sortOrder) {
    params.set('sortField', state.sortField);
    params.set('sortOrder', state.sortOrder);
  }
  return params;
}

/**
 * The organization a list asks for: a route parameter pins it; a global admin gets the header's
 * selection ('' for All); everyone else their own organization.
 */
export function listOrganization(viewer: Viewer, selected: string, pinned?: string): string {
  if (pinned !== undefined) return pinned;
  if (!isGlobalAdmin(viewer)) return viewer.owner;
  return selected === ALL_ORGANIZATIONS ? '' : selected;
}

/** The organization of a record added from a list: the list's, or the viewer's own when it shows all. */
export function newRecordOrganization(listOrganizationName: string, viewer: Viewer): string {
  return listOrganizationName || viewer.owner;
}

export function toListQuery(state: ListState, organization: string): ListQuery {
  return {
    organization,
    page: state.page,
    pageSize: state.pageSize,
    field: state.field,
    value: state.value,
    sortField: state.sortField,
    sortOrder: state.sortOrder,
  };
}

/** TanStack Query key of a list page; it starts with ['list', entity] so one call can invalidate them all. */
export function listQueryKey(entity: string, query: ListQuery) {
  return [
    'list',
    entity,
    query.organization,
    query.page,
    query.pageSize,
    query.field ?? '',
    query.value ?? '',
    query.sortField ?? '',
    query.sortOrder ?? '',
    query.groupName ?? '',
  ] as const;
}

/** Deleting the last row of a page above the first shows the page before it. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}

/** What the table's filter state says the one server-side search or filter now is. */
export function nextSearch(
  current: Pick<ListState, 'field' | 'value'>,
  filters: Record<string, readonly unknown[] | null | undefined>,
): Pick<ListState, 'field' | 'value'> {
  const active = Object.entries(filters)
    .map(([field, values]) => ({ field, value: values?.[0] === undefined ? '' : String(values[0]) }))
    .filter((f) => f.value !== '');
  // The server searches one field at a time: a newly set column wins over the one set before.
  const changed = active.find((f) => f.field !== current.field || f.value !== current.value);
  const chosen = changed ?? active.find((f) => f.field === current.field);
  return chosen ? { field: chosen.field, value: chosen.value } : {};
}
