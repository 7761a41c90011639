import { cert, organization, user } from '@gatehouse/entities';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { applyListWhere, likePattern, parseListQuery } from './list-query.js';

function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.key : 'not an AppError';
  }
  return undefined;
}

describe('parseListQuery', () => {
  it('reads the organization from the parameter the entity names', () => {
    expect(parseListQuery(user, { owner: 'acme' }).organization).toBe('acme');
    expect(parseListQuery(organization, { owner: 'admin', organizationName: 'acme' }).organization).toBe('acme');
    expect(parseListQuery(organization, { owner: 'admin' }).organization).toBe('');
  });

  it('pages only when both p and pageSize are given', () => {
    expect(parseListQuery(user, { p: '2', pageSize: '10' })).toMatchObject({ page: 2, pageSize: 10 });
    expect(parseListQuery(user, { p: '2' }).page).toBeUndefined();
    expect(refusal(() => parseListQuery(user, { p: '0', pageSize: '10' }))).toBe('badPage');
    expect(refusal(() => parseListQuery(user, { p: '1', pageSize: '100000' }))).toBe('badPage');
    expect(refusal(() => parseListQuery(user, { p: '1.5', pageSize: '10' }))).toBe('badPage');
  });

  it('defaults to the newest first', () => {
    expect(parseListQuery(user, {}).sort).toEqual({ field: 'createdTime', order: 'desc' });
  });

  it('accepts only the allow-listed sort and search fields', () => {
    expect(parseListQuery(user, { sortField: 'displayName', sortOrder: 'ascend' }).sort).toEqual({
      field: 'displayName',
      order: 'asc',
    });
    expect(refusal(() => parseListQuery(user, { sortField: 'password', sortOrder: 'ascend' }))).toBe('unknownSortField');
    expect(refusal(() => parseListQuery(user, { sortField: 'name"; --', sortOrder: 'ascend' }))).toBe('unknownSortField');
    expect(refusal(() => parseListQuery(user, { sortField: 'name', sortOrder: 'sideways' }))).toBe('badSortOrder');
    expect(refusal(() => parseListQuery(user, { field: 'passwordSalt', value: 'x' }))).toBe('unknownSearchField');
    expect(parseListQuery(user, { field: 'email', value: 'a@b' }).search).toEqual({ field: 'email', value: 'a@b', exact: false });
  });

  it('matches filter-only fields exactly', () => {
    expect(parseListQuery(organization, { field: 'passwordType', value: 'salt' }).search).toEqual({
      field: 'passwordType',
      value: 'salt',
      exact: true,
    });
  });

  it('ignores an empty search value', () => {
    expect(parseListQuery(user, { field: 'email', value: '' }).search).toBeUndefined();
  });
});

describe('likePattern', () => {
  it('escapes wildcards and the escape character', () => {
    expect(likePattern('50%_off!')).toBe('%50!%!_off!!%');
  });
});

describe('applyListWhere', () => {
  // Compiles only: no database behind it.
  const db = new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const where = (def: typeof cert | typeof user, scope: string) => {
    const compiled = applyListWhere(
      db.selectFrom(def.table).selectAll(),
      def,
      parseListQuery(def, {}),
      scope,
      'sqlite',
    ).compile();
    return { sql: compiled.sql.replace(/^select \* from "\w+" ?/, ''), parameters: compiled.parameters };
  };

  it("adds the admin-owned records to an organization's list of a shared entity", () => {
    expect(where(cert, 'north')).toEqual({ sql: 'where ("owner" = ? or "owner" = ?)', parameters: ['north', 'admin'] });
    expect(where(cert, 'admin')).toEqual({ sql: 'where "owner" = ?', parameters: ['admin'] });
    expect(where(cert, '')).toEqual({ sql: '', parameters: [] });
  });

  it('keeps other entities to the one organization', () => {
    expect(where(user, 'north')).toEqual({ sql: 'where "owner" = ?', parameters: ['north'] });
  });
});
