/** The response shape of every /api call (HTTP 200 even on errors, as the wire format requires). */
export interface Envelope<D = unknown, D2 = unknown> {
  status: 'ok' | 'error';
  msg: string;
  data?: D;
  data2?: D2;
  /** Rarely used: true with data "RequiredUpdatePassword" (a sign-in whose password must change first). */
  data3?: unknown;
  /**
   * Ours: a sign-in with a recovery code answers the user's new recovery code here (each code signs
   * in once); Casdoor clients ignore it.
   */
  recoveryCodes?: string[];
  /** Errors only: the message key ('unauthorized', 'pleaseLogin' ...), the same in every language. */
  code?: string;
  /**
   * Ours, errors only: the record's field a refusal is about (invalidField, a URL, an e-mail, a
   * name ...), so that a form shows it under that field; Casdoor clients ignore it.
   */
  field?: string;
  /** Only /api/get-account: the user's id and name. */
  sub?: string;
  name?: string;
  /** Ours, only /api/get-account: the server's settings the console follows (RECORDS_URL). */
  settings?: { recordsUrl: string };
}

export type SortOrder = 'ascend' | 'descend';

/** The list parameters of every get-xs call. */
export interface ListQuery {
  /** Organization scope; '' means all (global admins only). */
  organization: string;
  /** 1-based page; undefined means "all rows" (data2 is then null). */
  page?: number;
  pageSize?: number;
  field?: string;
  value?: string;
  sortField?: string;
  sortOrder?: SortOrder;
  /** Only the members of this group of the organization (users). */
  groupName?: string;
}

/** Default page size of console lists. */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page a client may ask for. */
export const MAX_PAGE_SIZE = 1000;

/** The query string of a list call, in the wire's parameter names. */
export function listQueryToParams(q: ListQuery, orgParam: string): Record<string, string> {
  const params: Record<string, string> = {};
  if (orgParam === 'organizationName') params.owner = 'admin';
  if (orgParam === 'organization') params.owner = 'admin';
  params[orgParam] = q.organization;
  if (q.page !== undefined) params.p = String(q.page);
  if (q.pageSize !== undefined) params.pageSize = String(q.pageSize);
  if (q.field && q.value !== undefined && q.value !== '') {
    params.field = q.field;
    params.value = q.value;
  }
  if (q.sortField && q.sortOrder) {
    params.sortField = q.sortField;
    params.sortOrder = q.sortOrder;
  }
  if (q.groupName) params.groupName = q.groupName;
  return params;
}

/**
 * Splits the id of a record whose name is a file path (resources) at the first "/"; null when
 * either part is empty.
 */
export function splitPathId(id: string): { owner: string; name: string } | null {
  const slash = id.indexOf('/');
  if (slash <= 0 || slash === id.length - 1) return null;
  return { owner: id.slice(0, slash), name: id.slice(slash + 1) };
}

/** Splits an `owner/name` id; null when it does not have exactly two parts. */
export function splitId(id: string): { owner: string; name: string } | null {
  const parts = id.split('/');
  if (parts.length !== 2) return null;
  return { owner: parts[0] as string, name: parts[1] as string };
}
