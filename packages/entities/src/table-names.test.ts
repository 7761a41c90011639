import { describe, expect, it } from 'vitest';
import { ADAPTER_TABLE_PATTERN, adapter, adapterTableOf, DEFAULT_ADAPTER_TABLE } from './authz-models.js';
import { syncer } from './syncer.js';
import { SYNCER_AFFILIATION_TABLE_PATTERN, SYNCER_TABLE_NAME_PATTERN, SYNCER_TABLE_PATTERN } from './syncer-rules.js';
import { tableNameProblem } from './syncer-types.js';
import { TABLE_NAME_PATTERN, tableNameParts } from './table-names.js';

/** Names any database allows when quoted: hyphens, spaces, a schema prefix, quote marks, SQL. */
const ALLOWED = [
  'casbin_rule',
  'policy-rules',
  'authz.casbin_rule',
  'my schema.rules',
  'a.b.c',
  'Règles',
  '表',
  'what?',
  'x"; drop table y; --',
  'x`; drop table y; --',
  "o'brien",
  '(select 1)x',
];
/** Control characters anywhere, an empty schema or table part. */
const REFUSED = ['a\u0000b', 'a\nb', 'tab\tname', 'del\u007f', 'c1\u0085', '.rules', 'authz.', '.'];

describe('table names of adapters and syncers', () => {
  it('take any name without control characters, optionally schema.table', () => {
    for (const name of ALLOWED) expect(TABLE_NAME_PATTERN.test(name), name).toBe(true);
    for (const name of REFUSED) expect(TABLE_NAME_PATTERN.test(name), JSON.stringify(name)).toBe(false);
    expect(TABLE_NAME_PATTERN.test('')).toBe(false);
  });

  it('split the schema at the first dot', () => {
    expect(tableNameParts('casbin_rule')).toEqual(['casbin_rule']);
    expect(tableNameParts('authz.casbin_rule')).toEqual(['authz', 'casbin_rule']);
    expect(tableNameParts('my schema.rules.v2')).toEqual(['my schema', 'rules.v2']);
  });

  it('an adapter takes the same names, and an empty table, which is casbin_rule', () => {
    for (const name of [...ALLOWED, '']) expect(ADAPTER_TABLE_PATTERN.test(name), name).toBe(true);
    for (const name of REFUSED) expect(ADAPTER_TABLE_PATTERN.test(name), JSON.stringify(name)).toBe(false);
    expect(adapterTableOf({ table: '' })).toBe(DEFAULT_ADAPTER_TABLE);
    expect(DEFAULT_ADAPTER_TABLE).toBe('casbin_rule');
    expect(adapterTableOf({ table: 'policy-rules' })).toBe('policy-rules');
    const table = adapter.fields.table.schema;
    expect(table.safeParse('').success).toBe(true);
    expect(table.safeParse('authz.casbin_rule').success).toBe(true);
    const refused = table.safeParse('a\nb');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('must be a table name without control characters, optionally schema.table');
    expect(table.safeParse('x'.repeat(101)).success).toBe(false);
  });

  it('a database syncer takes the same names, except one in parentheses (the field keeps those for search filters)', () => {
    for (const name of ALLOWED) {
      expect(SYNCER_TABLE_NAME_PATTERN.test(name), name).toBe(true);
      expect(tableNameProblem(name), name).toBeNull();
      expect(SYNCER_TABLE_PATTERN.test(name), name).toBe(true);
      expect(SYNCER_AFFILIATION_TABLE_PATTERN.test(name), name).toBe(true);
    }
    for (const name of REFUSED) {
      expect(SYNCER_TABLE_NAME_PATTERN.test(name), JSON.stringify(name)).toBe(false);
      expect(SYNCER_AFFILIATION_TABLE_PATTERN.test(name), JSON.stringify(name)).toBe(false);
    }
    expect(tableNameProblem('(select * from people)')).toMatchObject({ key: 'syncerTableInvalid' });
    expect(SYNCER_TABLE_PATTERN.test('(select * from people)')).toBe(true);
    expect(SYNCER_TABLE_PATTERN.test('(&(objectClass=person)\n(cn=a))')).toBe(true);
    expect(SYNCER_TABLE_PATTERN.test('')).toBe(true);
    expect(SYNCER_AFFILIATION_TABLE_PATTERN.test('')).toBe(true);
    expect(syncer.fields.affiliationTable.schema.safeParse('hr-depts').success).toBe(true);
  });
});
