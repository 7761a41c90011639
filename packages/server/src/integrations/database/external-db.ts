import path from 'node:path';
import { tableNameParts } from '@gatehouse/entities';
import type { RowDataPacket } from 'mysql2/promise';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';

/** Where an external database is, as an adapter (or a syncer) record describes it. */
export interface ExternalDbTarget {
  databaseType: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** PostgreSQL's SSL mode (disable, require, verify-ca, verify-full); '' is disable. */
  sslMode?: string;
}

/** How to open it beyond the target's own settings. */
export interface ExternalDbOptions {
  /** The folder of the data directory that holds SQLite files (adapters, syncers). */
  sqliteFolder?: 'adapters' | 'syncers';
  /**
   * Connect here instead of the target's host and port: the loopback end of an SSH tunnel this
   * server opened (its SSH host went through the address guard), not an address to check.
   */
  via?: { address: string; port: number };
}

export type ExternalValue = string | number | boolean | null;
export type ExternalRow = Record<string, unknown>;

/** One open connection to an external database; statements use `?` placeholders on every engine. */
export interface ExternalDb {
  readonly dialect: 'mysql' | 'postgres' | 'sqlite';
  run(statement: string, params?: ExternalValue[]): Promise<void>;
  all(statement: string, params?: ExternalValue[]): Promise<ExternalRow[]>;
  /**
   * Quotes a table name (checked by the caller): schema and table, split at the first dot, each
   * as one identifier with the quote mark inside doubled (table-names.ts in the entities).
   */
  quote(table: string): string;
  /** Quotes a column name as one identifier (a dot is part of the name). */
  quoteColumn(column: string): string;
  /** The columns of a table, as the database names them; fails when the table does not exist. */
  columns(table: string): Promise<string[]>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Replaces the `?` placeholders of a statement, those outside quotes only: a quoted table name
 * may hold a `?` of its own (drivers that replace every `?` would bind a value into the name).
 * Quoted parts are '…', "…" and `…`; a doubled mark inside closes and reopens, which keeps them.
 */
export function bindPlaceholders(statement: string, value: (index: number) => string): string {
  let out = '';
  let quote = '';
  let n = 0;
  for (const c of statement) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
    } else if (c === '?') {
      out += value(n++);
      continue;
    }
    out += c;
  }
  return out;
}

/** `?` placeholders as PostgreSQL's `$1, $2 ...`. */
const numbered = (statement: string) => bindPlaceholders(statement, (n) => `$${n + 1}`);

/**
 * The SQLite file of an adapter (or a syncer): a relative path below its folder of the server's
 * data directory (an administrator must not reach other files of the machine, the server's own
 * database included).
 */
export function sqliteFileOf(dataDir: string, database: string, folder: 'adapters' | 'syncers' = 'adapters'): string {
  const root = path.resolve(dataDir, folder);
  const file = path.resolve(root, database);
  if (!database || path.isAbsolute(database) || !file.startsWith(`${root}${path.sep}`)) {
    throw new AppError(folder === 'adapters' ? 'adapterSqlitePath' : 'syncerSqlitePath', { path: database });
  }
  return file;
}

/** One identifier between quote marks, a mark inside doubled (SQL's escape, the same on the three engines). */
export function quotedName(name: string, mark: '"' | '`'): string {
  return `${mark}${name.replaceAll(mark, mark + mark)}${mark}`;
}

/** A table name (schema.table split at the first dot) as quoted identifiers. */
export function quotedTable(table: string, mark: '"' | '`'): string {
  return tableNameParts(table)
    .map((part) => quotedName(part, mark))
    .join('.');
}

/** PostgreSQL's SSL settings for a mode (libpq's meanings); the host name is checked by verify-full. */
function pgSsl(
  mode: string | undefined,
  host: string,
): false | { rejectUnauthorized: boolean; servername?: string; checkServerIdentity?: () => undefined } {
  if (mode === 'require') return { rejectUnauthorized: false };
  if (mode === 'verify-ca') return { rejectUnauthorized: true, checkServerIdentity: () => undefined };
  if (mode === 'verify-full') return { rejectUnauthorized: true, servername: host };
  return false;
}

/** better-sqlite3 binds no booleans: 1 and 0, as SQLite stores them. */
const sqliteValue = (v: ExternalValue) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/**
 * Opens a connection with an adapter's settings. Network targets go through the outbound address
 * guard first: the host is resolved and checked (loopback and private addresses only when
 * OUTBOUND_ALLOWLIST names them), and the connection goes to the checked address, so that a
 * second resolution cannot lead elsewhere. Types without a driver (mssql, oracle) are refused.
 */
export async function openExternalDb(
  outbound: Outbound,
  target: ExternalDbTarget,
  dataDir: string,
  options: ExternalDbOptions = {},
): Promise<ExternalDb> {
  const type = target.databaseType;
  // Each engine's driver is loaded when a connection of its type is opened (not at the server's start).
  if (type === 'sqlite3') {
    const { default: SQLite } = await import('better-sqlite3');
    // fileMustExist: a mistyped path is an error, not a new empty database.
    const sqlite = new SQLite(sqliteFileOf(dataDir, target.database, options.sqliteFolder), {
      timeout: 5000,
      fileMustExist: options.sqliteFolder === 'syncers',
    });
    return {
      dialect: 'sqlite',
      quote: (table) => quotedTable(table, '"'),
      quoteColumn: (column) => quotedName(column, '"'),
      columns: async (table) =>
        sqlite
          .prepare(`select * from ${quotedTable(table, '"')}`)
          .columns()
          .map((c) => c.name),
      run: async (statement, params = []) => {
        sqlite.prepare(statement).run(...params.map(sqliteValue));
      },
      all: async (statement, params = []) => {
        const rows: unknown[] = sqlite.prepare(statement).all(...params.map(sqliteValue));
        return rows.filter((row): row is ExternalRow => typeof row === 'object' && row !== null);
      },
      close: async () => {
        sqlite.close();
      },
    };
  }
  if (type !== 'mysql' && type !== 'postgres') throw new AppError('adapterDatabaseUnsupported', { type: type || '-' });
  let address: string;
  let port = target.port || (type === 'postgres' ? 5432 : 3306);
  if (options.via) {
    ({ address, port } = options.via);
  } else {
    if (!target.host) throw new AppError('adapterHostMissing');
    ({ address } = await outbound.resolveHost(target.host, `${target.host}:${port}`));
  }
  if (type === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      host: address,
      port,
      user: target.user,
      password: target.password,
      database: target.database,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ssl: pgSsl(target.sslMode, target.host),
    });
    // A failure after connecting (the server went away) is reported by the next query.
    client.on('error', () => undefined);
    await client.connect();
    return {
      dialect: 'postgres',
      quote: (table) => quotedTable(table, '"'),
      quoteColumn: (column) => quotedName(column, '"'),
      columns: async (table) =>
        (await client.query(`select * from ${quotedTable(table, '"')} where 1 = 0`)).fields.map((f) => f.name),
      run: async (statement, params = []) => {
        await client.query(numbered(statement), params);
      },
      all: async (statement, params = []) => (await client.query<ExternalRow>(numbered(statement), params)).rows,
      close: () => client.end(),
    };
  }
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection({
    host: address,
    port,
    user: target.user,
    password: target.password,
    database: target.database,
    connectTimeout: CONNECT_TIMEOUT_MS,
    charset: 'utf8mb4',
  });
  return {
    dialect: 'mysql',
    quote: (table) => quotedTable(table, '`'),
    quoteColumn: (column) => quotedName(column, '`'),
    columns: async (table) => {
      const [, fields] = await connection.query(`select * from ${quotedTable(table, '`')} where 1 = 0`);
      return fields.map((f) => f.name);
    },
    run: async (statement, params = []) => {
      await connection.execute(statement, params);
    },
    all: async (statement, params = []) => {
      // Bound here: mysql2's query() would also bind a value into a `?` inside a quoted name.
      const bound = bindPlaceholders(statement, (n) => connection.escape(params[n] ?? null));
      const [rows] = await connection.query<RowDataPacket[]>(bound);
      return rows.map((row): ExternalRow => ({ ...row }));
    },
    close: () => connection.end(),
  };
}

/** Runs `work` on a fresh connection and closes it whatever happens. */
export async function withExternalDb<T>(
  outbound: Outbound,
  target: ExternalDbTarget,
  dataDir: string,
  work: (db: ExternalDb) => Promise<T>,
  options: ExternalDbOptions = {},
): Promise<T> {
  const db = await openExternalDb(outbound, target, dataDir, options);
  try {
    return await work(db);
  } finally {
    await db.close().catch(() => undefined);
  }
}
