import { keycloakColumns, type SyncerTableColumn } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import {
  columnRows,
  statusSummary,
  syncerFieldVisible,
  syncerValuesChange,
  syncStatusOf,
  tableColumnsRule,
} from './syncer-rules';

const col = (name: string, isKey = false): SyncerTableColumn => ({
  name,
  type: 'string',
  casdoorName: 'Name',
  isKey,
  isHashed: true,
  values: [],
});

describe('syncer form rules', () => {
  it('shows the SSL mode for postgres only, and the SSH fields of the chosen type for mysql, mssql and postgres', () => {
    expect(syncerFieldVisible('sslMode', { databaseType: 'postgres' })).toBe(true);
    expect(syncerFieldVisible('sslMode', { databaseType: 'mysql' })).toBe(false);
    expect(syncerFieldVisible('sshType', { databaseType: 'sqlite3' })).toBe(false);
    expect(syncerFieldVisible('sshHost', { databaseType: 'mysql', sshType: '' })).toBe(false);
    const password = { databaseType: 'mssql', sshType: 'password' };
    expect(['sshHost', 'sshPort', 'sshUser', 'sshPassword', 'cert'].map((f) => syncerFieldVisible(f, password))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(syncerFieldVisible('cert', { databaseType: 'postgres', sshType: 'cert' })).toBe(true);
    expect(syncerFieldVisible('sshPassword', { databaseType: 'postgres', sshType: 'cert' })).toBe(false);
    expect(syncerFieldVisible('host', { databaseType: 'oracle' })).toBe(true);
  });

  it('presets Keycloak and follows the database type with the SSL mode and SSH type', () => {
    const keycloak = syncerValuesChange({ type: 'Keycloak' }, {});
    expect(keycloak?.table).toBe('user_entity');
    expect(JSON.parse(String(keycloak?.tableColumns))).toEqual(keycloakColumns());
    expect(syncerValuesChange({ type: 'Database' }, {})).toBeUndefined();
    expect(syncerValuesChange({ databaseType: 'postgres' }, { sslMode: '' })).toEqual({ sslMode: 'disable' });
    expect(syncerValuesChange({ databaseType: 'sqlite3' }, { sslMode: 'require', sshType: 'cert' })).toEqual({
      sslMode: '',
      sshType: '',
    });
  });

  it('keeps exactly one key: a new column is the key when none is, turning one on turns the others off', () => {
    expect(columnRows.newRow([]).isKey).toBe(true);
    expect(columnRows.newRow([col('a', true)]).isKey).toBe(false);
    const rows = [col('a', true), col('b'), col('c')];
    const turned = columnRows.rowsAfterChange([rows[0] as SyncerTableColumn, col('b', true), col('c')], 1, 'isKey');
    expect(turned.map((r) => r.isKey)).toEqual([false, true, false]);
    expect(columnRows.rowsAfterChange(rows, 1, 'name')).toBe(rows);
    expect(columnRows.keyDisabled(col('a', true))).toBe(true);
    expect(columnRows.undeletable(col('a', true), 0, rows)).toBe(true);
    expect(columnRows.undeletable(col('a', true), 0, [col('a', true)])).toBe(false);
    expect(columnRows.undeletable(col('b'), 1, rows)).toBe(false);
  });

  it('checks the columns as the server does', () => {
    expect(tableColumnsRule(JSON.stringify([col('a'), col('b')]))).toBe('syncer.problem.syncerKeyColumnCount');
    expect(tableColumnsRule(JSON.stringify([col('a', true)]))).toBeNull();
    expect(tableColumnsRule('')).toBeNull();
  });

  it('reads a status from the wire', () => {
    const status = syncStatusOf({ state: 'running', read: 10, processed: 4, added: 'x' });
    expect(status).toMatchObject({ state: 'running', read: 10, processed: 4, added: 0 });
    expect(statusSummary(status)).toEqual({ state: 'running', percent: 40 });
    expect(syncStatusOf(null).state).toBe('');
    expect(syncStatusOf({ state: 'bogus' }).state).toBe('');
  });
});
