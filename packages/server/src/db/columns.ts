import { type CreateIndexBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from './database.js';
import type { AnyTables } from './loose.js';

/**
 * The database as a migration sees it: tables and columns by name. A migration describes the
 * schema of its own time, not today's (schema.ts), so it is not typed by the entity definitions.
 */
export type MigrationDb = Kysely<AnyTables>;

/**
 * Column types for hand-written migrations, the same on the three engines. Indexed text is
 * varchar(n) (MySQL cannot index unbounded text); long text is text (mediumtext on MySQL).
 */
export function columnTypes(dialect: DialectName) {
  return {
    // MySQL counts varchar lengths against a 64 KB row limit; long unindexed strings are text there.
    str: (n: number) => sql.raw(dialect === 'mysql' && n > 255 ? 'text' : `varchar(${n})`),
    text: () => sql.raw(dialect === 'mysql' ? 'mediumtext' : 'text'),
    bool: () => sql.raw('boolean'),
    int: () => sql.raw('integer'),
    bigint: () => sql.raw('bigint'),
  };
}

export type ColumnSpec = [name: string, type: 'str' | 'text' | 'bool' | 'int' | 'bigint', size?: number];

/**
 * Creates a table from a column list. owner and name are required and form the primary key unless
 * `primaryKey` says otherwise; MySQL tables use utf8mb4.
 */
export function createTable(
  db: { schema: { createTable: (name: string) => CreateTableBuilder<string, never> } },
  dialect: DialectName,
  table: string,
  columns: ColumnSpec[],
  primaryKey: string[] = ['owner', 'name'],
) {
  const t = columnTypes(dialect);
  let builder = db.schema.createTable(table) as CreateTableBuilder<string, string>;
  for (const [name, type, size] of columns) {
    const dataType = type === 'str' ? t.str(size ?? 255) : t[type]();
    builder = builder.addColumn(name, dataType, (c) => (primaryKey.includes(name) ? c.notNull() : c));
  }
  builder = builder.addPrimaryKeyConstraint(`${table}_pkey`, primaryKey);
  if (dialect === 'mysql') builder = builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`);
  return builder;
}

/**
 * Indexes serving list pages. Lists order by (column, owner, key) so that pages are stable; one
 * index per sortable column serves the all-organizations list, and with `orgColumn` a second one
 * serves the list of one organization (orgColumn = value, ordered by column then key). The key is
 * the name unless the entity declares another (`keyColumn`: an LDAP server's id).
 */
export async function createListIndexes(
  db: { schema: { createIndex: (name: string) => CreateIndexBuilder } },
  table: string,
  columns: string[],
  orgColumn?: string,
  keyColumn = 'name',
): Promise<void> {
  for (const col of columns) {
    const global = col === keyColumn ? [keyColumn, 'owner'] : [col, 'owner', keyColumn];
    await db.schema.createIndex(`${table}_${col}_idx`).on(table).columns(global).execute();
    if (orgColumn && orgColumn !== col) {
      await db.schema
        .createIndex(`${table}_${orgColumn}_${col}_idx`)
        .on(table)
        .columns(col === keyColumn ? [orgColumn, keyColumn] : [orgColumn, col, keyColumn])
        .execute();
    }
  }
}
