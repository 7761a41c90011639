import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import pg from 'pg';
import { AppError } from '../../errors.js';
import { resolveOutboundHost } from '../http/address-guard.js';

/** Where an external database is, as an adapter record describes it. */
export interface ExternalDbTarget {
  databaseType: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export type ExternalValue = string | number;
export type ExternalRow = Record<string, unknown>;

/** One open connection to an external database; statements use `?` placeholders on every engine. */
export interface ExternalDb {
  readonly dialect: 'mysql' | 'postgres' | 'sqlite';
  run(statement: string, params?: ExternalValue[]): Promise<void>;
  all(statement: string, params?: ExternalValue[]): Promise<ExternalRow[]>;
  /** Quotes an identifier (a table name checked by the caller). */
  quote(identifier: string): string;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 10_000;

/** `?` placeholders as PostgreSQL's `$1, $2 ...`. */
function numbered(statement: string): string {
  let n = 0;
  return statement.replace(/\?/g, () => `$${++n}`);
}

/**
 * The SQLite file of an adapter: a relative path below the server's data directory (an
 * administrator must not reach other files of the machine, the server's own database included).
 */
export function sqliteFileOf(dataDir: string, database: string): string {
  const root = path.resolve(dataDir, 'adapters');
  const file = path.resolve(root, database);
  if (!database || path.isAbsolute(database) || !file.startsWith(`${root}${path.sep}`)) {
    throw new AppError('adapterSqlitePath', { path: database });
  }
  return file;
}

/**
 * Opens a connection with an adapter's settings. Network targets go through the outbound address
 * guard first: the host is resolved and checked (loopback and private addresses only when
 * OUTBOUND_ALLOWLIST names them), and the connection goes to the checked address, so that a
 * second resolution cannot lead elsewhere. Types without a driver (mssql, oracle) are refused.
 */
export async function openExternalDb(target: ExternalDbTarget, dataDir: string): Promise<ExternalDb> {
  const type = target.databaseType;
  if (type === 'sqlite3') {
    const sqlite = new SQLite(sqliteFileOf(dataDir, target.database), { timeout: 5000 });
    return {
      dialect: 'sqlite',
      quote: (id) => `"${id}"`,
      run: async (statement, params = []) => {
        sqlite.prepare(statement).run(...params);
      },
      all: async (statement, params = []) => {
        const rows: unknown[] = sqlite.prepare(statement).all(...params);
        return rows.filter((row): row is ExternalRow => typeof row === 'object' && row !== null);
      },
      close: async () => {
        sqlite.close();
      },
    };
  }
  if (type !== 'mysql' && type !== 'postgres') throw new AppError('adapterDatabaseUnsupported', { type: type || '-' });
  if (!target.host) throw new AppError('adapterHostMissing');
  const { address } = await resolveOutboundHost(target.host, `${target.host}:${target.port}`);
  if (type === 'postgres') {
    const client = new pg.Client({
      host: address,
      port: target.port || 5432,
      user: target.user,
      password: target.password,
      database: target.database,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    await client.connect();
    return {
      dialect: 'postgres',
      quote: (id) => `"${id}"`,
      run: async (statement, params = []) => {
        await client.query(numbered(statement), params);
      },
      all: async (statement, params = []) => (await client.query<ExternalRow>(numbered(statement), params)).rows,
      close: () => client.end(),
    };
  }
  const connection = await createConnection({
    host: address,
    port: target.port || 3306,
    user: target.user,
    password: target.password,
    database: target.database,
    connectTimeout: CONNECT_TIMEOUT_MS,
    charset: 'utf8mb4',
  });
  return {
    dialect: 'mysql',
    quote: (id) => `\`${id}\``,
    run: async (statement, params = []) => {
      await connection.execute(statement, params);
    },
    all: async (statement, params = []) => {
      const [rows] = await connection.query<RowDataPacket[]>(statement, params);
      return rows.map((row): ExternalRow => ({ ...row }));
    },
    close: () => connection.end(),
  };
}

/** Runs `work` on a fresh connection and closes it whatever happens. */
export async function withExternalDb<T>(
  target: ExternalDbTarget,
  dataDir: string,
  work: (db: ExternalDb) => Promise<T>,
): Promise<T> {
  const db = await openExternalDb(target, dataDir);
  try {
    return await work(db);
  } finally {
    await db.close().catch(() => undefined);
  }
}
