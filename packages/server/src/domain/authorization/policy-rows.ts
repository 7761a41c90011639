/**
 * The rows of an adapter's policy table as both stores (policy-store.ts, external-policy-store.ts)
 * read and write them: the row and store types, the value columns, and the matching and paging
 * both share.
 */

/** One stored policy row: its ptype and up to six values (v0..v5, "" when unused). */
export interface RuleRow {
  ptype: string;
  values: string[];
  /** The row's id in its table (Casdoor's CasbinRule.Id), when it was read from one. */
  id?: number;
}

/**
 * Which rows a filtered load reads: by ptype (none: all), and per value position a list of
 * accepted values (none or empty: any). `{ptype: ['p'], values: {5: ['acme/perm']}}` reads one
 * permission's rows.
 */
export interface RuleFilter {
  ptype?: string[];
  values?: Partial<Record<0 | 1 | 2 | 3 | 4 | 5, string[]>>;
}

export const VALUE_COLUMNS = ['v0', 'v1', 'v2', 'v3', 'v4', 'v5'] as const;
export type ValueColumn = (typeof VALUE_COLUMNS)[number];

/** The six value columns of a rule (missing values as ""). */
export function padded(values: readonly string[]): Record<ValueColumn, string> {
  return {
    v0: values[0] ?? '',
    v1: values[1] ?? '',
    v2: values[2] ?? '',
    v3: values[3] ?? '',
    v4: values[4] ?? '',
    v5: values[5] ?? '',
  };
}

/** A rule's values without the trailing empty ones (as casbin and Casdoor's CasbinToSlice read them). */
export function trimmedValues(values: readonly string[]): string[] {
  const out = [...values];
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** One page of an adapter's rows, and how many rows the page was taken from. */
export interface RulePage {
  rows: RuleRow[];
  total: number;
}

/** Where an adapter's rows are kept: read, append, delete by exact values or by a filter. */
export interface RuleStore {
  load(filter?: RuleFilter): Promise<RuleRow[]>;
  /**
   * Rows `offset` to `offset + limit` of those of `ptypes`, in the order an engine holds them
   * (ptype by ptype as listed, each ptype's rows by id), and their total; read with LIMIT/OFFSET.
   */
  page(ptypes: readonly string[], offset: number, limit: number): Promise<RulePage>;
  add(rows: RuleRow[]): Promise<void>;
  /** Removes rows with exactly these values. */
  remove(rows: RuleRow[]): Promise<void>;
  /** Removes the rows of `ptype` whose values from `fieldIndex` on equal `fieldValues` ("" matches anything). */
  removeFiltered(ptype: string, fieldIndex: number, fieldValues: string[]): Promise<void>;
  /** Replaces every row (savePolicy). */
  replaceAll(rows: RuleRow[]): Promise<void>;
  update(ptype: string, oldValues: string[], newValues: string[]): Promise<void>;
}

/** A ptype's row count as a driver answers COUNT(*) (a number, a bigint, or a numeric string). */
export function countOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}

/**
 * The page of both stores: from each ptype's row count, the total, and only the ptypes the page
 * overlaps are read, each from its own offset (usually one query, two at a ptype boundary).
 */
export async function pageByPtype(
  ptypes: readonly string[],
  counts: ReadonlyMap<string, number>,
  offset: number,
  limit: number,
  slice: (ptype: string, offset: number, limit: number) => Promise<RuleRow[]>,
): Promise<RulePage> {
  const rows: RuleRow[] = [];
  let skip = offset;
  for (const ptype of ptypes) {
    if (rows.length >= limit) break;
    const count = counts.get(ptype) ?? 0;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    rows.push(...(await slice(ptype, skip, limit - rows.length)));
    skip = 0;
  }
  return { rows, total: ptypes.reduce((sum, ptype) => sum + (counts.get(ptype) ?? 0), 0) };
}

/** Matching conditions shared by both stores: column → value. */
export function exactConditions(ptype: string, values: readonly string[]): [string, string][] {
  const cols = padded(values);
  return [['ptype', ptype], ...VALUE_COLUMNS.map((c): [string, string] => [c, cols[c]])];
}

export function filteredConditions(ptype: string, fieldIndex: number, fieldValues: readonly string[]): [string, string][] {
  const out: [string, string][] = [['ptype', ptype]];
  fieldValues.forEach((value, i) => {
    const column = VALUE_COLUMNS[fieldIndex + i];
    if (column && value !== '') out.push([column, value]);
  });
  return out;
}
