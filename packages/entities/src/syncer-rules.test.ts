import { describe, expect, it } from 'vitest';
import { syncer } from './syncer.js';
import {
  columnParts,
  keycloakColumns,
  offersSsh,
  type SyncerTableColumn,
  sslModeFor,
  syncPercent,
  tableColumnsProblem,
  userFieldOf,
  valueMaps,
} from './syncer-rules.js';
import { typePreset } from './syncer-types.js';

const col = (name: string, casdoorName: string, isKey = false, values: string[] = []): SyncerTableColumn => ({
  name,
  type: 'string',
  casdoorName,
  isKey,
  isHashed: true,
  values,
});

describe('syncer rules', () => {
  it('has the defaults of a new syncer', () => {
    const record = syncer.newRecord({
      organization: 'acme',
      viewer: { owner: 'built-in', name: 'admin', level: 'globalAdmin' },
      random: () => 'abc123',
      now: () => '2024-01-01T00:00:00Z',
    });
    expect(record).toMatchObject({
      owner: 'admin',
      name: 'syncer_abc123',
      organization: 'acme',
      type: 'Database',
      host: 'localhost',
      port: 3306,
      databaseType: 'mysql',
      syncInterval: 10,
      isReadOnly: false,
      isEnabled: false,
    });
  });

  it('accepts no columns, or exactly one key column', () => {
    expect(tableColumnsProblem([])).toBeNull();
    expect(tableColumnsProblem([col('id', 'Id', true), col('login', 'Name')])).toBeNull();
    expect(tableColumnsProblem([col('id', 'Id'), col('login', 'Name')])).toEqual({
      key: 'syncerKeyColumnCount',
      params: { count: '0' },
    });
    expect(tableColumnsProblem([col('id', 'Id', true), col('login', 'Name', true)])).toEqual({
      key: 'syncerKeyColumnCount',
      params: { count: '2' },
    });
  });

  it('maps columns only to real user fields, by Casdoor names', () => {
    expect(userFieldOf('DisplayName')).toBe('displayName');
    expect(userFieldOf('Password')).toBeUndefined();
    expect(userFieldOf('toString')).toBeUndefined();
    expect(tableColumnsProblem([col('id', 'Id', true), col('pw', 'Password')])).toEqual({
      key: 'syncerColumnFieldUnknown',
      params: { column: 'pw', field: 'Password' },
    });
  });

  it('takes identifiers (or several joined with +) as column names, and a single column as the key', () => {
    expect(tableColumnsProblem([col('id; drop table x', 'Id', true)])).toMatchObject({ key: 'syncerColumnNameInvalid' });
    expect(tableColumnsProblem([col('id', 'Id', true), col('LAST_NAME + FIRST_NAME', 'DisplayName')])).toBeNull();
    expect(tableColumnsProblem([col('a+b', 'Id', true)])).toMatchObject({ key: 'syncerKeyColumnCombined' });
    expect(columnParts('LAST_NAME + FIRST_NAME')).toEqual(['LAST_NAME', 'FIRST_NAME']);
  });

  it('maps values external=gatehouse both ways, refusing entries without =', () => {
    expect(tableColumnsProblem([col('id', 'Id', true, ['Y'])])).toMatchObject({ key: 'syncerColumnValueInvalid' });
    const { inbound, outbound } = valueMaps(['Y=true', 'N=false', 'yes=true']);
    expect(inbound.get('yes')).toBe('true');
    expect(outbound.get('true')).toBe('Y');
    expect(outbound.get('false')).toBe('N');
  });

  it('presets Keycloak: the user_entity table and its mapping, ENABLED to the forbidden flag', () => {
    expect(typePreset('Database')).toBeNull();
    const preset = typePreset('Keycloak');
    expect(preset?.table).toBe('user_entity');
    expect(preset?.tableColumns.map((c) => c.casdoorName)).toEqual([
      'Id',
      'Name',
      'DisplayName',
      'Email',
      'EmailVerified',
      'FirstName',
      'LastName',
      'CreatedTime',
      'IsForbidden',
    ]);
    expect(tableColumnsProblem(keycloakColumns())).toBeNull();
    expect(keycloakColumns().find((c) => c.isKey)?.name).toBe('ID');
  });

  it('gives postgres an SSL mode (disable by default) and SSH to mysql, mssql and postgres only', () => {
    expect(sslModeFor('postgres', '')).toBe('disable');
    expect(sslModeFor('postgres', 'require')).toBe('require');
    expect(sslModeFor('mysql', 'require')).toBe('');
    expect(['mysql', 'mssql', 'postgres', 'oracle', 'sqlite3'].map(offersSsh)).toEqual([true, true, true, false, false]);
  });

  it('counts progress against the rows read', () => {
    expect(syncPercent({ read: 0, processed: 0 })).toBe(0);
    expect(syncPercent({ read: 4, processed: 1 })).toBe(25);
  });
});
