import { cert, user } from '@gatehouse/entities';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../routes/list-query.js';
import { applyListWhere, likePattern } from './list.js';
import type { AnyTables } from './loose.js';

describe('likePattern', () => {
  it('escapes wildcards and the escape character', () => {
    expect(likePattern('50%_off!')).toBe('%50!%!_off!!%');
  });
});

describe('applyListWhere', () => {
  // Compiles only: no database behind it.
  const db = new Kysely<AnyTables>({
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
