import {
  emptySyncStatus,
  offersSsh,
  SYNC_STATES,
  type SyncerTableColumn,
  type SyncStatus,
  sslModeFor,
  syncPercent,
  tableColumnsProblem,
  typePreset,
} from '@gatehouse/entities';
import { parseJson } from '../crud/json-value';
import type { Rec } from '../data/client';

/**
 * The syncer's form rules (spec part 2 §2.15, §4.8), pure so that they are unit tested; the server
 * enforces the ones that protect data (domain/syncer/syncer.ts). The form holds the table columns
 * as JSON text (crud/form-values.ts).
 */

/** Which fields the form shows for the values being edited. */
export function syncerFieldVisible(field: string, values: Rec): boolean {
  const databaseType = String(values.databaseType ?? '');
  const sshType = String(values.sshType ?? '');
  const ssh = offersSsh(databaseType);
  switch (field) {
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

/**
 * Spec §4.8: changing the type to Keycloak sets its table and column mapping; the database type
 * brings its SSL mode (postgres: disable unless chosen) and drops an SSH tunnel it cannot have.
 */
export function syncerValuesChange(changed: Rec, all: Rec): Rec | undefined {
  if ('type' in changed) {
    const preset = typePreset(String(changed.type));
    return preset ? { table: preset.table, tableColumns: JSON.stringify(preset.tableColumns, null, 2) } : undefined;
  }
  if ('databaseType' in changed) {
    const databaseType = String(changed.databaseType);
    return {
      sslMode: sslModeFor(databaseType, String(all.sslMode ?? '')),
      ...(offersSsh(databaseType) ? {} : { sshType: '' }),
    };
  }
  return undefined;
}

/** The i18n key of what is wrong with the table columns (the server's rule), or null. */
export function tableColumnsRule(value: unknown): string | null {
  const problem = tableColumnsProblem(parseJson<SyncerTableColumn[]>(value, () => []));
  return problem ? `syncer.problem.${problem.key}` : null;
}

/** The row rules of the table columns (Casdoor's SyncerTableColumnTable, spec §4.8). */
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
