import {
  emptySyncStatus,
  isLdapSyncer,
  LDAP_SYNCER_EXAMPLE_BASE_DN,
  LDAP_SYNCER_EXAMPLE_BIND_DN,
  ldapFilterShapeOk,
  ldapPortFor,
  offersSsh,
  SYNC_STATES,
  SYNCER_DATABASE_DEFAULTS,
  SYNCER_DATABASE_ONLY_FIELDS,
  type SyncerTableColumn,
  type SyncStatus,
  sslModeFor,
  syncPercent,
  tableColumnsProblem,
  tableNameProblem,
  typePreset,
} from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';
import { parseJson } from '../crud/json-value';

/**
 * The syncer's form rules, pure so that they are unit tested; the server
 * enforces the ones that protect data (domain/syncer/syncer.ts). The form holds the table columns
 * as JSON text (crud/form-values.ts).
 */

/** Which fields the form shows for the values being edited. */
export function syncerFieldVisible(field: string, values: Rec): boolean {
  if (isLdapSyncer(values.type)) {
    if (field === 'allowSelfSignedCert') return values.enableSsl === true;
    return !SYNCER_DATABASE_ONLY_FIELDS.includes(field);
  }
  const databaseType = String(values.databaseType ?? '');
  const sshType = String(values.sshType ?? '');
  const ssh = offersSsh(databaseType);
  switch (field) {
    case 'enableSsl':
    case 'allowSelfSignedCert':
      return false;
    case 'sslMode':
      return databaseType === 'postgres';
    case 'sshType':
      return ssh;
    case 'sshHost':
    case 'sshPort':
    case 'sshUser':
      return ssh && sshType !== '';
    case 'sshPassword':
      return ssh && sshType === 'password';
    case 'cert':
      return ssh && sshType === 'cert';
    default:
      return true;
  }
}

const columnsText = (columns: SyncerTableColumn[]) => JSON.stringify(columns, null, 2);

/**
 * The values a type brings along: Keycloak its table and mapping; LDAP the LDAP
 * defaults (port 389, or 636 with SSL; example bind and base DNs; the inetOrgPerson filter and
 * mapping), none of the database settings and read-only; back to a database from LDAP (whose
 * database type is none), the database defaults and no columns.
 */
function typeValues(type: string, all: Rec): Rec | undefined {
  const preset = typePreset(type);
  if (isLdapSyncer(type) && preset) {
    return {
      port: ldapPortFor(all.enableSsl === true, 0),
      user: LDAP_SYNCER_EXAMPLE_BIND_DN,
      database: LDAP_SYNCER_EXAMPLE_BASE_DN,
      table: preset.table,
      tableColumns: columnsText(preset.tableColumns),
      databaseType: '',
      sslMode: '',
      sshType: '',
      affiliationTable: '',
      isReadOnly: true,
    };
  }
  const fromLdap = all.databaseType === '';
  const presetValues = preset ? { table: preset.table, tableColumns: columnsText(preset.tableColumns) } : undefined;
  if (!fromLdap) return presetValues;
  return {
    ...SYNCER_DATABASE_DEFAULTS,
    host: all.host,
    sslMode: '',
    enableSsl: false,
    allowSelfSignedCert: false,
    tableColumns: columnsText([]),
    ...presetValues,
  };
}

/**
 * Changing the type brings its values along (typeValues); the database type brings its
 * SSL mode (postgres: disable unless chosen) and drops an SSH tunnel it cannot have; an LDAP
 * syncer's SSL switch moves the port between 389 and 636.
 */
export function syncerValuesChange(changed: Rec, all: Rec): Rec | undefined {
  if ('type' in changed) return typeValues(String(changed.type), all);
  if ('databaseType' in changed) {
    const databaseType = String(changed.databaseType);
    return {
      sslMode: sslModeFor(databaseType, String(all.sslMode ?? '')),
      ...(offersSsh(databaseType) ? {} : { sshType: '' }),
    };
  }
  if ('enableSsl' in changed && isLdapSyncer(all.type)) {
    return { port: ldapPortFor(changed.enableSsl === true, Number(all.port ?? 0) || 0) };
  }
  return undefined;
}

/** The i18n key of what is wrong with the table field for the type (a table name, or a search filter), or null. */
export function tableRule(value: unknown, values: Rec): string | null {
  const table = typeof value === 'string' ? value : '';
  if (isLdapSyncer(values.type)) return ldapFilterShapeOk(table) ? null : 'syncer.problem.syncerFilterInvalid';
  const problem = tableNameProblem(table);
  return problem ? `syncer.problem.${problem.key}` : null;
}

/** The i18n key of what is wrong with the table columns (the server's rule, for the type), or null. */
export function tableColumnsRule(value: unknown, values: Rec = {}): string | null {
  const problem = tableColumnsProblem(
    parseJson<SyncerTableColumn[]>(value, () => []),
    String(values.type ?? 'Database'),
  );
  return problem ? `syncer.problem.${problem.key}` : null;
}

/** LDAP syncers name their fields as a directory's administrator does (bind DN, base DN, search filter ...). */
const LDAP_LABELED = ['user', 'password', 'database', 'table', 'tableColumns'];
const LDAP_TOOLTIPS = ['port', 'enableSsl', 'database', 'table'];

export function syncerFieldLabel(field: string, values: Rec): string | undefined {
  return isLdapSyncer(values.type) && LDAP_LABELED.includes(field) ? `syncer.ldap.${field}` : undefined;
}

export function syncerFieldTooltip(field: string, values: Rec): string | undefined {
  if (isLdapSyncer(values.type)) return LDAP_TOOLTIPS.includes(field) ? `syncer.ldap.${field}Tooltip` : undefined;
  return field === 'database' && values.databaseType === 'sqlite3' ? 'syncer.sqliteTooltip' : undefined;
}

/** The row rules of the table columns (Casdoor's SyncerTableColumnTable). */
export const columnRows = {
  /** A new column is the key when there is none yet. */
  newRow: (rows: readonly SyncerTableColumn[]): SyncerTableColumn => ({
    name: `column${rows.length}`,
    type: 'string',
    casdoorName: 'Name',
    isKey: !rows.some((row) => row.isKey),
    isHashed: true,
    values: [],
  }),
  /** Turning a key on turns the others off. */
  rowsAfterChange: (rows: SyncerTableColumn[], index: number, key: string): SyncerTableColumn[] =>
    key === 'isKey' && rows[index]?.isKey ? rows.map((row, i) => (i === index ? row : { ...row, isKey: false })) : rows,
  /** A key cannot be turned off directly (only by turning another on). */
  keyDisabled: (row: SyncerTableColumn) => row.isKey,
  /** A key column cannot be deleted while other columns exist. */
  undeletable: (row: SyncerTableColumn, _index: number, rows: readonly SyncerTableColumn[]) => row.isKey && rows.length > 1,
};

/** A record's syncStatus as the wire carries it, read into its shape (missing parts empty). */
export function syncStatusOf(value: unknown): SyncStatus {
  const status = emptySyncStatus();
  if (typeof value !== 'object' || value === null) return status;
  const record: Rec = { ...value };
  const text = (key: string) => (typeof record[key] === 'string' ? String(record[key]) : '');
  const count = (key: string) => (typeof record[key] === 'number' ? Number(record[key]) : 0);
  const state = text('state');
  return {
    state: SYNC_STATES.find((known) => known === state) ?? '',
    startedTime: text('startedTime'),
    finishedTime: text('finishedTime'),
    message: text('message'),
    read: count('read'),
    processed: count('processed'),
    added: count('added'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    deleted: count('deleted'),
    failed: count('failed'),
    writtenBack: count('writtenBack'),
  };
}

/** What a status shows: its state, the percent done while running, and the counts. */
export function statusSummary(status: SyncStatus | undefined): { state: SyncStatus['state']; percent: number } {
  if (!status) return { state: '', percent: 0 };
  return { state: status.state, percent: status.state === 'succeeded' ? 100 : syncPercent(status) };
}
