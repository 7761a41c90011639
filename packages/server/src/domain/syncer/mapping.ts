import { createHash } from 'node:crypto';
import {
  columnParts,
  type FieldSpec,
  type Fields,
  nowRfc3339,
  type Syncer,
  type SyncerTableColumn,
  user as userDef,
  userFieldOf,
  valueMaps,
} from '@gatehouse/entities';
import type { ExternalRow, ExternalValue } from '../../integrations/database/external-db.js';

/**
 * How a syncer's table columns translate between an external row and a user (Casdoor's
 * syncer_util.go): column values (several joined with "+", as Casdoor does), value mappings, the
 * avatar base URL, the user field's kind, and Keycloak's ways (created time in milliseconds,
 * ENABLED as the forbidden flag inverted). Pure: the engine (run.ts) reads and writes.
 */

export interface ColumnPlan {
  column: SyncerTableColumn;
  /** The user field it maps to. */
  field: string;
  spec: FieldSpec;
  /** The external columns it reads ("+" joins several). */
  parts: string[];
  inbound: Map<string, string>;
  outbound: Map<string, string>;
  /** Keycloak's ENABLED column: the forbidden flag is its opposite. */
  inverted: boolean;
  /** Keycloak's created time: milliseconds since the epoch outside, RFC 3339 inside. */
  epochMillis: boolean;
}

export interface Mapping {
  columns: ColumnPlan[];
  key: ColumnPlan;
  avatarBaseUrl: string;
  isKeycloak: boolean;
}

/** The mapping of a syncer whose columns passed tableColumnsProblem; null without columns. */
const USER_FIELDS: Fields = userDef.fields;

export function mappingOf(syncer: Pick<Syncer, 'tableColumns' | 'avatarBaseUrl' | 'type'>): Mapping | null {
  const isKeycloak = syncer.type === 'Keycloak';
  const columns = syncer.tableColumns.flatMap((column): ColumnPlan[] => {
    const field = userFieldOf(column.casdoorName);
    const spec = field ? USER_FIELDS[field] : undefined;
    if (!field || !spec) return [];
    const parts = columnParts(column.name);
    return [
      {
        column,
        field,
        spec,
        parts,
        ...valueMaps(column.values),
        inverted: isKeycloak && field === 'isForbidden' && parts.length === 1 && parts[0]?.toLowerCase() === 'enabled',
        epochMillis: isKeycloak && field === 'createdTime',
      },
    ];
  });
  const key = columns.find((c) => c.column.isKey) ?? columns[0];
  return key ? { columns, key, avatarBaseUrl: syncer.avatarBaseUrl, isKeycloak } : null;
}

/** A value read from a database as text (NULL is empty, dates in ISO 8601, booleans true/false). */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function parseBool(text: string): boolean {
  return ['1', 'true', 't', 'yes', 'y', 'on'].includes(text.trim().toLowerCase());
}

/** A user's value as the text hashed and written out (booleans true/false, lists joined with "|"). */
export function userText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join('|');
  return textOf(value);
}

/** The row's value of an external column, found whatever the case of its name (PostgreSQL folds to lower case). */
function cell(row: ExternalRow, name: string): unknown {
  if (name in row) return row[name];
  const lower = name.toLowerCase();
  const found = Object.keys(row).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : row[found];
}

function toUserValue(plan: ColumnPlan, text: string, avatarBaseUrl: string): unknown {
  let value = plan.inbound.get(text) ?? text;
  if (plan.epochMillis && /^\d+$/.test(value)) value = nowRfc3339(new Date(Number(value)));
  if (plan.field === 'avatar' && avatarBaseUrl && value !== '' && !value.startsWith('http')) value = `${avatarBaseUrl}${value}`;
  switch (plan.spec.kind) {
    case 'bool':
      return plan.inverted ? !parseBool(value) : parseBool(value);
    case 'int': {
      const n = Number.parseInt(value, 10);
      return Number.isFinite(n) ? n : 0;
    }
    case 'list':
      return value === '' ? [] : value.split('|');
    default:
      return value;
  }
}

/** The user fields an external row gives, by the mapping. */
export function userValuesOf(mapping: Mapping, row: ExternalRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const plan of mapping.columns) {
    const text = plan.parts.map((part) => textOf(cell(row, part))).join(' ');
    values[plan.field] = toUserValue(plan, text, mapping.avatarBaseUrl);
  }
  return values;
}

/** The key of a user (or of an external row's user values) as text. */
export function keyOf(mapping: Mapping, values: Record<string, unknown>): string {
  return userText(values[mapping.key.field]);
}

/**
 * The hash of the hashed columns' values (Casdoor's calculateHash: MD5 of the values joined with
 * "|"), computed on the user's side of the mapping for both a row and a user, so that the two
 * compare.
 */
export function hashOf(mapping: Mapping, values: Record<string, unknown>): string {
  const hashed = mapping.columns.filter((plan) => plan.column.isHashed).map((plan) => userText(values[plan.field]));
  return createHash('md5').update(hashed.join('|'), 'utf8').digest('hex');
}

function toExternal(plan: ColumnPlan, value: unknown, avatarBaseUrl: string, booleans: boolean): ExternalValue {
  let text = userText(plan.inverted && typeof value === 'boolean' ? !value : value);
  if (plan.field === 'avatar' && avatarBaseUrl && text.startsWith(avatarBaseUrl)) text = text.slice(avatarBaseUrl.length);
  if (plan.epochMillis && text !== '') {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) text = String(ms);
  }
  const mapped = plan.outbound.get(text) ?? text;
  if (plan.column.type === 'integer') {
    const n = Number.parseInt(mapped, 10);
    return Number.isFinite(n) ? n : null;
  }
  if (plan.column.type === 'boolean') {
    const flag = parseBool(mapped);
    return booleans ? flag : flag ? 1 : 0;
  }
  return mapped;
}

/**
 * The external columns a user writes back (Casdoor's getMapFromOriginalUser), by the table's own
 * column names: combined ("+") columns are read only. `booleans`: the engine binds booleans
 * (PostgreSQL); the others get 1 and 0.
 */
export function rowValuesOf(
  mapping: Mapping,
  user: Record<string, unknown>,
  columnNames: ReadonlyMap<string, string>,
  booleans: boolean,
): Record<string, ExternalValue> {
  const row: Record<string, ExternalValue> = {};
  for (const plan of mapping.columns) {
    const [part] = plan.parts;
    if (plan.parts.length !== 1 || part === undefined) continue;
    row[columnNames.get(part.toLowerCase()) ?? part] = toExternal(plan, user[plan.field], mapping.avatarBaseUrl, booleans);
  }
  return row;
}

/** The table's names of the mapped columns, by lower-cased configured name; the missing ones. */
export function resolveColumns(mapping: Mapping, actual: readonly string[]): { names: Map<string, string>; missing: string[] } {
  const byLower = new Map(actual.map((name) => [name.toLowerCase(), name]));
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const plan of mapping.columns) {
    for (const part of plan.parts) {
      const found = byLower.get(part.toLowerCase());
      if (found) names.set(part.toLowerCase(), found);
      else missing.push(part);
    }
  }
  return { names, missing };
}
