import { isOneOf } from './constants.js';
import { TABLE_NAME_SOURCE } from './table-names.js';

/**
 * The rules of syncers, pure so that the server (which
 * enforces them) and the console (which mirrors them) share one copy, and so that they are unit
 * tested. The definition itself is in syncer.ts.
 */

/** Database: a table of an external database; LDAP: a directory (syncer-ldap.ts); Keycloak: its user_entity table. */
export const SYNCER_TYPES = ['Database', 'LDAP', 'Keycloak'] as const;
export type SyncerType = (typeof SYNCER_TYPES)[number];
export const SYNCER_DATABASE_TYPES = ['mysql', 'postgres', 'mssql', 'oracle', 'sqlite3'] as const;
/** Database types a sync can read (mssql and oracle are offered, as in Casdoor, but have no driver here). */
export const SYNCER_DRIVABLE_TYPES = ['mysql', 'postgres', 'sqlite3'] as const;
/** PostgreSQL's SSL modes a syncer offers; postgres defaults to disable. */
export const SYNCER_SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
/** SSH tunnel types; '' is none (Casdoor's wire value). */
export const SYNCER_SSH_TYPES = ['password', 'cert'] as const;
/** Database types that may be reached through an SSH tunnel. */
export const SYNCER_SSH_DATABASE_TYPES = ['mysql', 'mssql', 'postgres'] as const;
export const SYNCER_COLUMN_TYPES = ['string', 'integer', 'boolean'] as const;
export type SyncerColumnType = (typeof SYNCER_COLUMN_TYPES)[number];

/** The table of an external identity server's users (Keycloak's). */
export const KEYCLOAK_USER_TABLE = 'user_entity';

/** One column of the external table and the user field it maps to (Casdoor's TableColumn). */
export interface SyncerTableColumn {
  name: string;
  type: SyncerColumnType;
  /** The user field, by Casdoor's name ("Name", "DisplayName", "IsForbidden" ...). */
  casdoorName: string;
  isKey: boolean;
  isHashed: boolean;
  /** Value mappings "external=gatehouse" (e.g. "Y=true"); values not listed pass unchanged. */
  values: string[];
}

/**
 * The user fields a column may map to: Casdoor's field name → the user's field here. Secrets
 * (password hashes, MFA secrets), server-kept lists and JSON fields are left out: a sync never
 * writes them.
 */
export const SYNCER_USER_FIELDS: Readonly<Record<string, string>> = {
  Id: 'id',
  Name: 'name',
  CreatedTime: 'createdTime',
  Type: 'type',
  DisplayName: 'displayName',
  FirstName: 'firstName',
  LastName: 'lastName',
  Avatar: 'avatar',
  Email: 'email',
  EmailVerified: 'emailVerified',
  Phone: 'phone',
  CountryCode: 'countryCode',
  Location: 'location',
  Address: 'address',
  Affiliation: 'affiliation',
  Title: 'title',
  IdCardType: 'idCardType',
  IdCard: 'idCard',
  RealName: 'realName',
  Homepage: 'homepage',
  Bio: 'bio',
  Tag: 'tag',
  Region: 'region',
  Language: 'language',
  Gender: 'gender',
  Birthday: 'birthday',
  Education: 'education',
  Score: 'score',
  Karma: 'karma',
  Ranking: 'ranking',
  SignupApplication: 'signupApplication',
  IsAdmin: 'isAdmin',
  IsForbidden: 'isForbidden',
  IsDeleted: 'isDeleted',
};

export const SYNCER_USER_FIELD_NAMES: readonly string[] = Object.keys(SYNCER_USER_FIELDS);

/** The user field a column maps to, or undefined when it names none. */
export function userFieldOf(casdoorName: string): string | undefined {
  return Object.hasOwn(SYNCER_USER_FIELDS, casdoorName) ? SYNCER_USER_FIELDS[casdoorName] : undefined;
}

/** A hashed column without value mappings (the presets' columns). */
export const syncerColumn = (
  name: string,
  casdoorName: string,
  type: SyncerColumnType = 'string',
  isKey = false,
): SyncerTableColumn => ({
  name,
  type,
  casdoorName,
  isKey,
  isHashed: true,
  values: [],
});
const column = syncerColumn;

/**
 * Casdoor's Keycloak mapping (SyncerEditPage.js): id, user name, display name (last and first
 * name joined), e-mail, e-mail verified, first and last name, created time, and ENABLED mapped to
 * the forbidden flag, inverted by the engine. Casdoor leaves the key to its fallback (the first
 * column); here the ID column is the key, as every mapping has exactly one.
 */
export function keycloakColumns(): SyncerTableColumn[] {
  return [
    column('ID', 'Id', 'string', true),
    column('USERNAME', 'Name'),
    column('LAST_NAME+FIRST_NAME', 'DisplayName'),
    column('EMAIL', 'Email'),
    column('EMAIL_VERIFIED', 'EmailVerified', 'boolean'),
    column('FIRST_NAME', 'FirstName'),
    column('LAST_NAME', 'LastName'),
    column('CREATED_TIMESTAMP', 'CreatedTime'),
    column('ENABLED', 'IsForbidden', 'boolean'),
  ];
}

export type SyncerSslMode = (typeof SYNCER_SSL_MODES)[number];

/** The SSL mode belongs to postgres (disable unless chosen), other types have none. */
export function sslModeFor(databaseType: string, sslMode: string): SyncerSslMode | '' {
  if (databaseType !== 'postgres') return '';
  return isOneOf(SYNCER_SSL_MODES, sslMode) ? sslMode : 'disable';
}

export function offersSsh(databaseType: string): boolean {
  return (SYNCER_SSH_DATABASE_TYPES as readonly string[]).includes(databaseType);
}

/**
 * A database syncer's table: any table name the database allows, optionally schema.table
 * (table-names.ts), except one wrapped in parentheses, which the field keeps for search filters.
 */
export const SYNCER_TABLE_NAME_PATTERN = new RegExp(`^(?!\\(.*\\)$)${TABLE_NAME_SOURCE}$`, 'u');
/**
 * What the table field holds: a table name, or an LDAP syncer's search filter (parenthesised, or
 * empty for every entry). Which of the two a syncer's type takes is the domain's check (tableProblem).
 */
export const SYNCER_TABLE_PATTERN = new RegExp(`^$|^${TABLE_NAME_SOURCE}$|^\\(.*\\)$`, 'su');
/** The affiliation table: empty (none) or a table name (table-names.ts). */
export const SYNCER_AFFILIATION_TABLE_PATTERN = new RegExp(`^$|^${TABLE_NAME_SOURCE}$`, 'u');
/** A column name, or several joined with "+" (their values joined with a space, as Casdoor does). */
export const SYNCER_COLUMN_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\s*\+\s*[A-Za-z_][A-Za-z0-9_]*)*$/;
/** An LDAP syncer's column: an attribute description (RFC 4512: a letter, then letters, digits and hyphens), or several joined with "+". */
export const SYNCER_ATTRIBUTE_COLUMN_PATTERN = /^[A-Za-z][A-Za-z0-9-]*(\s*\+\s*[A-Za-z][A-Za-z0-9-]*)*$/;

/** The parts of a column name joined with "+". */
export function columnParts(name: string): string[] {
  return name.split('+').map((part) => part.trim());
}

export type SyncerColumnsProblemKey =
  | 'syncerKeyColumnCount'
  | 'syncerAttributeNameInvalid'
  | 'syncerColumnFieldUnknown'
  | 'syncerColumnNameInvalid'
  | 'syncerColumnValueInvalid'
  | 'syncerKeyColumnCombined';

export interface SyncerColumnsProblem {
  key: SyncerColumnsProblemKey;
  params: Record<string, string>;
}

/**
 * What is wrong with a syncer's table columns, or null: exactly one key column when
 * there are columns, and it names one real column; each column an identifier (or identifiers
 * joined with "+"; an LDAP syncer's, attribute names) mapped to a real user field; value mappings
 * of the form external=gatehouse.
 */
export function tableColumnsProblem(columns: readonly SyncerTableColumn[], type = 'Database'): SyncerColumnsProblem | null {
  const ldap = type === 'LDAP';
  const pattern = ldap ? SYNCER_ATTRIBUTE_COLUMN_PATTERN : SYNCER_COLUMN_PATTERN;
  for (const c of columns) {
    if (!pattern.test(c.name)) {
      return { key: ldap ? 'syncerAttributeNameInvalid' : 'syncerColumnNameInvalid', params: { column: c.name } };
    }
    if (!userFieldOf(c.casdoorName)) return { key: 'syncerColumnFieldUnknown', params: { column: c.name, field: c.casdoorName } };
    const bad = c.values.find((v) => !v.includes('='));
    if (bad !== undefined) return { key: 'syncerColumnValueInvalid', params: { column: c.name, value: bad } };
  }
  const keys = columns.filter((c) => c.isKey);
  if (columns.length > 0 && keys.length !== 1) return { key: 'syncerKeyColumnCount', params: { count: String(keys.length) } };
  const key = keys[0];
  if (key && columnParts(key.name).length > 1) return { key: 'syncerKeyColumnCombined', params: { column: key.name } };
  return null;
}

/** The mapping of a column's values: external → Gatehouse, and back. */
export function valueMaps(values: readonly string[]): { inbound: Map<string, string>; outbound: Map<string, string> } {
  const inbound = new Map<string, string>();
  const outbound = new Map<string, string>();
  for (const entry of values) {
    const at = entry.indexOf('=');
    if (at < 0) continue;
    const external = entry.slice(0, at);
    const internal = entry.slice(at + 1);
    if (!inbound.has(external)) inbound.set(external, internal);
    if (!outbound.has(internal)) outbound.set(internal, external);
  }
  return { inbound, outbound };
}

/** The counts of a sync (what it read, and what it did), kept on the syncer while it runs and after. */
export interface SyncCounts {
  read: number;
  processed: number;
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failed: number;
  writtenBack: number;
}

export const SYNC_STATES = ['running', 'succeeded', 'failed'] as const;

/** A syncer's latest run: its state, times and counts; the console polls it while it runs. */
export interface SyncStatus extends SyncCounts {
  state: '' | (typeof SYNC_STATES)[number];
  startedTime: string;
  finishedTime: string;
  /** The failure of a failed run. */
  message: string;
}

export function emptySyncCounts(): SyncCounts {
  return { read: 0, processed: 0, added: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0, writtenBack: 0 };
}

export function emptySyncStatus(): SyncStatus {
  return { state: '', startedTime: '', finishedTime: '', message: '', ...emptySyncCounts() };
}

/** Percent of the rows read that were compared (0 before the rows are read). */
export function syncPercent(status: Pick<SyncCounts, 'read' | 'processed'>): number {
  return status.read > 0 ? Math.min(100, Math.floor((status.processed * 100) / status.read)) : 0;
}
