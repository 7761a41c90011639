import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/**
 * The database handle. Application code speaks camelCase (the JSON field names); the
 * CamelCasePlugin maps them to snake_case columns.
 */
export interface Database {
  db: Kysely<any>;
  dialect: DialectName;
  close: () => Promise<void>;
}

export function dialectOfUrl(url: string): DialectName {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) return 'mysql';
  throw new Error(`DATABASE_URL must start with sqlite:, postgres:// or mysql://, got "${url}"`);
}

/**
 * Kysely prepares every statement anew; preparing costs more than running a keyed lookup, so
 * prepared statements are kept by SQL text (all SQL here is parameterised, so texts repeat).
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
    close() {
      sqlite.close();
    },
  };
}

export function openDatabase(url: string): Database {
  const dialect = dialectOfUrl(url);
  const plugins = [new CamelCasePlugin()];
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins });
    return { db, dialect, close: () => db.destroy() };
  }
  if (dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, dialect, close: () => db.destroy() };
  }
  const pool = createPool({
    uri: url.replace(/^mariadb:/, 'mysql:'),
    connectionLimit: 10,
    charset: 'utf8mb4',
    // Times are stored as RFC 3339 text; keep numbers as numbers.
    supportBigNumbers: true,
    bigNumberStrings: false,
  });
  const db = new Kysely<any>({ dialect: new MysqlDialect({ pool }), plugins });
  return { db, dialect, close: () => db.destroy() };
}
