import { keycloakColumns, ldapColumns, type SyncerTableColumn } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import {
  columnRows,
  statusSummary,
  syncerFieldLabel,
  syncerFieldTooltip,
  syncerFieldVisible,
  syncerValuesChange,
  syncStatusOf,
  tableColumnsRule,
  tableRule,
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

  it('presets LDAP: port 389 (636 with SSL), example DNs, the filter and mapping, no database settings, read-only', () => {
    const ldap = syncerValuesChange({ type: 'LDAP' }, { type: 'LDAP', databaseType: 'mysql', port: 3306, sshType: 'password' });
    expect(ldap).toMatchObject({
      port: 389,
      user: 'cn=admin,dc=example,dc=com',
      database: 'ou=People,dc=example,dc=com',
      table: '(objectClass=inetOrgPerson)',
      databaseType: '',
      sslMode: '',
      sshType: '',
      affiliationTable: '',
      isReadOnly: true,
    });
    expect(JSON.parse(String(ldap?.tableColumns))).toEqual(ldapColumns());
    expect(syncerValuesChange({ type: 'LDAP' }, { type: 'LDAP', enableSsl: true })?.port).toBe(636);
    // The SSL switch moves the port between 389 and 636; another port is the administrator's.
    expect(syncerValuesChange({ enableSsl: true }, { type: 'LDAP', port: 389 })).toEqual({ port: 636 });
    expect(syncerValuesChange({ enableSsl: false }, { type: 'LDAP', port: 636 })).toEqual({ port: 389 });
    expect(syncerValuesChange({ enableSsl: true }, { type: 'LDAP', port: 10389 })).toEqual({ port: 10389 });
    // Back to a database from LDAP (no database type): the database defaults, no columns, the host kept.
    const back = syncerValuesChange({ type: 'Database' }, { type: 'Database', databaseType: '', host: 'ldap.example.com' });
    expect(back).toMatchObject({
      databaseType: 'mysql',
      port: 3306,
      host: 'ldap.example.com',
      table: 'table_name',
      enableSsl: false,
    });
    expect(JSON.parse(String(back?.tableColumns))).toEqual([]);
    expect(syncerValuesChange({ type: 'Keycloak' }, { databaseType: '' })?.table).toBe('user_entity');
  });

  it('shows an LDAP syncer its TLS switches and none of the database settings, named as a directory names them', () => {
    const ldap = { type: 'LDAP', databaseType: '', enableSsl: false };
    expect(
      ['databaseType', 'sslMode', 'sshType', 'affiliationTable', 'allowSelfSignedCert'].map((f) => syncerFieldVisible(f, ldap)),
    ).toEqual([false, false, false, false, false]);
    expect(['host', 'port', 'enableSsl', 'user', 'table', 'isReadOnly'].every((f) => syncerFieldVisible(f, ldap))).toBe(true);
    expect(syncerFieldVisible('allowSelfSignedCert', { ...ldap, enableSsl: true })).toBe(true);
    expect(syncerFieldVisible('enableSsl', { type: 'Database', databaseType: 'mysql' })).toBe(false);
    expect(['user', 'password', 'database', 'table'].map((f) => syncerFieldLabel(f, ldap))).toEqual([
      'syncer.ldap.user',
      'syncer.ldap.password',
      'syncer.ldap.database',
      'syncer.ldap.table',
    ]);
    expect(syncerFieldLabel('user', { type: 'Database' })).toBeUndefined();
    expect(syncerFieldTooltip('table', ldap)).toBe('syncer.ldap.tableTooltip');
    expect(syncerFieldTooltip('database', { type: 'Database', databaseType: 'sqlite3' })).toBe('syncer.sqliteTooltip');
  });

  it('checks the table as a table name or, for LDAP, a search filter, and attribute names as LDAP columns', () => {
    expect(tableRule('people', { type: 'Database' })).toBeNull();
    expect(tableRule('hr-people', { type: 'Database' })).toBeNull();
    expect(tableRule('hr schema.people', { type: 'Database' })).toBeNull();
    expect(tableRule('people\ndrop', { type: 'Database' })).toBe('syncer.problem.syncerTableInvalid');
    expect(tableRule('(objectClass=person)', { type: 'Database' })).toBe('syncer.problem.syncerTableInvalid');
    expect(tableRule('(objectClass=person)', { type: 'LDAP' })).toBeNull();
    expect(tableRule('objectClass=person', { type: 'LDAP' })).toBe('syncer.problem.syncerFilterInvalid');
    const attribute = [{ ...col('x-badge', true) }];
    expect(tableColumnsRule(JSON.stringify(attribute), { type: 'LDAP' })).toBeNull();
    expect(tableColumnsRule(JSON.stringify(attribute), { type: 'Database' })).toBe('syncer.problem.syncerColumnNameInvalid');
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
