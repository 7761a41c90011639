import { describe, expect, it } from 'vitest';
import { syncer } from './syncer.js';
import { LDAP_SYNCER_DEFAULT_FILTER, ldapColumns, ldapFilterShapeOk, ldapPortFor } from './syncer-ldap.js';
import { SYNCER_TABLE_PATTERN, SYNCER_TYPES, tableColumnsProblem } from './syncer-rules.js';
import { normalisedSettings, type TypedSettings, tableNameProblem, typePreset } from './syncer-types.js';

const database: TypedSettings = {
  type: 'Database',
  databaseType: 'postgres',
  sslMode: 'require',
  sshType: 'password',
  port: 5432,
  enableSsl: true,
  allowSelfSignedCert: true,
  affiliationTable: 'depts',
  isReadOnly: false,
};

describe('LDAP syncers', () => {
  it('are a type of their own, offered between Database and Keycloak (the list filter too)', () => {
    expect(SYNCER_TYPES).toEqual(['Database', 'LDAP', 'Keycloak']);
    expect(syncer.fields.type.filters).toEqual(['Database', 'LDAP', 'Keycloak']);
  });

  it('preset the inetOrgPerson filter and a mapping keyed by uid', () => {
    const preset = typePreset('LDAP');
    expect(preset?.table).toBe(LDAP_SYNCER_DEFAULT_FILTER);
    expect(preset?.tableColumns.map((c) => [c.name, c.casdoorName, c.isKey])).toEqual([
      ['uid', 'Name', true],
      ['cn', 'DisplayName', false],
      ['givenName', 'FirstName', false],
      ['sn', 'LastName', false],
      ['mail', 'Email', false],
      ['mobile', 'Phone', false],
    ]);
    expect(tableColumnsProblem(ldapColumns(), 'LDAP')).toBeNull();
    expect(typePreset('Database')).toBeNull();
  });

  it('take attribute names (hyphens too) as columns, and refuse what is no attribute', () => {
    const column = (name: string) => ({
      name,
      type: 'string' as const,
      casdoorName: 'Name',
      isKey: true,
      isHashed: true,
      values: [],
    });
    expect(tableColumnsProblem([column('x-employee-id')], 'LDAP')).toBeNull();
    expect(tableColumnsProblem([column('x-employee-id')], 'Database')).toMatchObject({ key: 'syncerColumnNameInvalid' });
    expect(tableColumnsProblem([column('_uid')], 'LDAP')).toEqual({
      key: 'syncerAttributeNameInvalid',
      params: { column: '_uid' },
    });
    expect(tableColumnsProblem([column('uid;binary')], 'LDAP')).toMatchObject({ key: 'syncerAttributeNameInvalid' });
  });

  it('follow the SSL switch with the port as LDAP servers read it: 636 for LDAPS, 389 plain or StartTLS', () => {
    expect(ldapPortFor(true, 389)).toBe(636);
    expect(ldapPortFor(true, 0)).toBe(636);
    expect(ldapPortFor(false, 636)).toBe(389);
    expect(ldapPortFor(false, 0)).toBe(389);
    expect(ldapPortFor(true, 10636)).toBe(10636);
    expect(ldapPortFor(false, 10389)).toBe(10389);
  });

  it('check the shape of a search filter (the server parses it fully)', () => {
    expect(ldapFilterShapeOk('')).toBe(true);
    expect(ldapFilterShapeOk('(objectClass=inetOrgPerson)')).toBe(true);
    expect(ldapFilterShapeOk('(&(objectClass=person)(cn=a\\29b))')).toBe(true);
    expect(ldapFilterShapeOk('objectClass=person')).toBe(false);
    expect(ldapFilterShapeOk('(cn=a)(cn=b)')).toBe(false);
    expect(ldapFilterShapeOk('(&(cn=a)')).toBe(false);
    expect(ldapFilterShapeOk('(cn=a))(')).toBe(false);
    // The table field takes a table name or a parenthesised filter; the type decides which (the domain).
    expect(SYNCER_TABLE_PATTERN.test('(objectClass=person)')).toBe(true);
    expect(SYNCER_TABLE_PATTERN.test('people\ndrop')).toBe(false);
    expect(tableNameProblem('(objectClass=person)')).toMatchObject({ key: 'syncerTableInvalid' });
    expect(tableNameProblem('hr.people')).toBeNull();
  });

  it('normalise what does not apply: no database type, SSL mode, SSH or affiliation table; always read-only', () => {
    expect(normalisedSettings({ ...database, type: 'LDAP', port: 0, enableSsl: false })).toEqual({
      databaseType: '',
      sslMode: '',
      sshType: '',
      port: 389,
      enableSsl: false,
      allowSelfSignedCert: true,
      affiliationTable: '',
      isReadOnly: true,
    });
    expect(normalisedSettings({ ...database, type: 'LDAP', port: 0 }).port).toBe(636);
    expect(normalisedSettings({ ...database, type: 'LDAP', port: 10389 }).port).toBe(10389);
  });

  it('leave database syncers their settings, without the directory TLS switches', () => {
    expect(normalisedSettings(database)).toEqual({ ...database, type: undefined, enableSsl: false, allowSelfSignedCert: false });
    expect(normalisedSettings({ ...database, databaseType: '' })).toMatchObject({ databaseType: 'mysql', sslMode: '' });
    expect(normalisedSettings({ ...database, databaseType: 'sqlite3' })).toMatchObject({ sslMode: '', sshType: '' });
  });
});
