import { keycloakColumns, type SyncerTableColumn } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { syncerColumn } from '../../test-support/sync-source.js';
import { hashOf, keyOf, mappingOf, resolveColumns, rowValuesOf, textOf, userValuesOf } from './mapping.js';

const col = syncerColumn;

const syncer = (tableColumns: SyncerTableColumn[], type: 'Database' | 'Keycloak' = 'Database', avatarBaseUrl = '') => ({
  tableColumns,
  type,
  avatarBaseUrl,
});

describe('syncer mapping', () => {
  it('has none without columns', () => {
    expect(mappingOf(syncer([]))).toBeNull();
  });

  it('reads a row into user values: kinds, value mappings, joined columns, avatar base URL', () => {
    const mapping = mappingOf(
      syncer(
        [
          col('uid', 'Name', { isKey: true }),
          col('last+first', 'DisplayName'),
          col('active', 'IsForbidden', { type: 'boolean', values: ['1=false', '0=true'] }),
          col('level', 'Score', { type: 'integer' }),
          col('pic', 'Avatar'),
          col('addr', 'Address'),
        ],
        'Database',
        'https://cdn.example.com/',
      ),
    );
    if (!mapping) throw new Error('no mapping');
    const values = userValuesOf(mapping, {
      uid: 'ann',
      last: 'Lee',
      first: 'Ann',
      active: 0,
      level: '7',
      pic: 'a.png',
      addr: 'x|y',
    });
    expect(values).toEqual({
      name: 'ann',
      displayName: 'Lee Ann',
      isForbidden: true,
      score: 7,
      avatar: 'https://cdn.example.com/a.png',
      address: ['x', 'y'],
    });
    expect(keyOf(mapping, values)).toBe('ann');
    // Written back: the avatar without its base, the flag through the value mapping, joined columns left out.
    const names = resolveColumns(mapping, ['uid', 'last', 'first', 'active', 'level', 'pic', 'addr']).names;
    expect(rowValuesOf(mapping, values, names, false)).toEqual({ uid: 'ann', active: 0, level: 7, pic: 'a.png', addr: 'x|y' });
  });

  it('hashes the hashed columns only, the same for a row and for the user it made', () => {
    const mapping = mappingOf(syncer([col('uid', 'Name', { isKey: true }), col('mail', 'Email', { isHashed: false })]));
    if (!mapping) throw new Error('no mapping');
    const a = hashOf(mapping, userValuesOf(mapping, { uid: 'ann', mail: 'a@example.com' }));
    expect(hashOf(mapping, { name: 'ann', email: 'other@example.com' })).toBe(a);
    expect(hashOf(mapping, { name: 'bob', email: 'a@example.com' })).not.toBe(a);
  });

  it('reads Keycloak rows: created time in milliseconds, ENABLED as the forbidden flag inverted, lower-case columns', () => {
    const mapping = mappingOf(syncer(keycloakColumns(), 'Keycloak'));
    if (!mapping) throw new Error('no mapping');
    const row = {
      id: 'k1',
      username: 'kim',
      first_name: 'Kim',
      last_name: 'Ko',
      email: '',
      email_verified: true,
      created_timestamp: '0',
      enabled: false,
    };
    expect(userValuesOf(mapping, row)).toMatchObject({
      id: 'k1',
      displayName: 'Ko Kim',
      createdTime: '1970-01-01T00:00:00Z',
      isForbidden: true,
    });
    const names = resolveColumns(mapping, Object.keys(row));
    expect(names.missing).toEqual([]);
    expect(rowValuesOf(mapping, { isForbidden: true, createdTime: '1970-01-01T00:00:01Z' }, names.names, true)).toMatchObject({
      enabled: false,
      created_timestamp: '1000',
    });
  });

  it('names columns the table lacks', () => {
    const mapping = mappingOf(syncer([col('uid', 'Name', { isKey: true }), col('nick', 'DisplayName')]));
    if (!mapping) throw new Error('no mapping');
    expect(resolveColumns(mapping, ['UID']).missing).toEqual(['nick']);
  });

  it('reads database values as text', () => {
    expect(textOf(null)).toBe('');
    expect(textOf(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(textOf(true)).toBe('true');
    expect(textOf(Buffer.from('hi'))).toBe('hi');
  });
});
