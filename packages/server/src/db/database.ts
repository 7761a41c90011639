import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyPlugin,
  MysqlDialect,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import type { Pool as MysqlPool } from 'mysql2';
import type { Pool as PgPool } from 'pg';
import { PreparedQueries } from './prepared.js';
import { type DB, tableColumns } from './schema.js';
import { StoredValuesPlugin } from './stored-values.js';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** A query builder over the whole database, or over one transaction of it. */
export type Db = Kysely<DB>;

/**
 * The database handle. Application code speaks camelCase (the JSON field names); the
 * CamelCasePlugin maps them to snake_case columns, and the StoredValuesPlugin binds and reads
 * booleans and JSON as the types of schema.ts say.
 */
export interface Database {
  db: Db;
  dialect: DialectName;
  /** The prepared point reads compiled for this database (prepared.ts). */
  queries: PreparedQueries;
  /** One cheap round trip to the engine (the health check), without the query builder. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Refreshes the planner's statistics of `table` after a bulk load: without them an engine plans a
 * million-row table as it was when last analyzed (PostgreSQL walked the creation-time index past
 * 575,000 users for a name search its trigram index answers in milliseconds).
 */
export async function analyzeTable(database: Database, table: keyof DB): Promise<void> {
  const name = sql.table(snakeCase(table));
  if (database.dialect === 'mysql') await sql`analyze table ${name}`.execute(database.db);
  else await sql`analyze ${name}`.execute(database.db);
}

/**
 * Error codes of a write the engine refused for another transaction's locks, which the same write
 * may pass when tried again: SQLite's busy file (its extended codes: SQLITE_BUSY_SNAPSHOT ...),
 * PostgreSQL's serialization failure, deadlock and lock timeout, MySQL's deadlock and lock wait
 * timeout (the engines roll the transaction back).
 */
const BUSY_CODES = new Set(['40001', '40P01', '55P03', 'ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** Whether `error` is an engine's refusal of a write for other writers' locks (worth trying again). */
export function isBusyError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return false;
  return error.code.startsWith('SQLITE_BUSY') || BUSY_CODES.has(error.code);
}

/**
 * Error codes meaning the database could not be reached or dropped the connection: refused or
 * reset connections, PostgreSQL's connection exceptions (class 08) and its shutdown codes
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now: starting or stopping),
 * MySQL's lost connection. The pools open new connections for later requests once it is back.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  'PROTOCOL_CONNECTION_LOST',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
]);

/** Whether `error` says the database is out of reach for now (a restart, a failover, a network cut). */
export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  // node-postgres ends a query whose connection closed with an Error that has no code.
  return /^Connection terminated|^Client has encountered a connection error|connection timeout/i.test(error.message);
}

/** Logs what a pool's idle connections report (a restarted server ends them), which would otherwise end the process. */
export interface PoolLog {
  warn(fields: object, message: string): void;
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
        const oldest = cache.keys().next().value;
        if (cache.size >= max && oldest !== undefined) cache.delete(oldest);
        cache.set(sql, statement);
      }
      return statement;
    },
    close() {
      sqlite.close();
    },
  };
}

/** A camelCase name as the CamelCasePlugin writes it in SQL (createdTime -> created_time). */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function plugins(dialect: DialectName): KyselyPlugin[] {
  return [new CamelCasePlugin(), new StoredValuesPlugin(dialect !== 'postgres', tableColumns(), snakeCase)];
}

function open(dialect: DialectName, engine: Dialect, ping: () => Promise<unknown>): Database {
  const db = new Kysely<DB>({ dialect: engine, plugins: plugins(dialect) });
  return { db, dialect, queries: new PreparedQueries(), ping: async () => void (await ping()), close: () => db.destroy() };
}

/**
 * How long a statement of the server waits for another connection's write lock on the SQLite file
 * (another process: a worker of WORKERS, an operator's tool) before it is refused as busy.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * SQLite's driver, with write transactions that take the write lock when they begin (BEGIN
 * IMMEDIATE, waiting up to the busy timeout for another writer) instead of at their first write. A
 * deferred transaction reads from a snapshot; if another connection commits between its reads and
 * its first write (a user's insert waits for its password hash in between), SQLite refuses the
 * write at once (SQLITE_BUSY_SNAPSHOT), whatever the busy timeout. The server's own queries take
 * turns on its one connection anyway, so taking the lock early costs them nothing.
 */
class ImmediateSqliteDriver extends SqliteDriver implements Driver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config);
  }
}

/** Calls `load` once, on the first call, and answers its promise to every call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/** A SQLite database file opened with the server's settings, and its hourly statistics refresh. */
async function openSqlite(file: string) {
  const { default: SQLite } = await import('better-sqlite3');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // Planner statistics (sqlite_stat1), refreshed when a table grew or shrank tenfold: without them
  // SQLite prefers an organization's index (50,000 users) to the search index's few candidates.
  // A sample of 1,000 rows per index keeps it to a moment at a million users.
  sqlite.pragma('analysis_limit = 1000');
  const optimize = (mask: string) => sqlite.pragma(`optimize = ${mask}`);
  optimize('0x10002');
  const hourly = setInterval(() => optimize('0xfffe'), 3_600_000);
  hourly.unref();
  return { sqlite, hourly, select1: sqlite.prepare('select 1').pluck() };
}

/**
 * Opens the database of `url`. Only the driver of its engine is loaded, when the first query (or
 * ping) needs it: the other engines' drivers (and, on PostgreSQL or MySQL, SQLite's) never take
 * the server's memory.
 */
export function openDatabase(url: string, log: PoolLog = { warn: (fields, message) => console.warn(message, fields) }): Database {
  const dialect = dialectOfUrl(url);
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    let refresh: NodeJS.Timeout | undefined;
    const opened = once(async () => {
      const handle = await openSqlite(file);
      refresh = handle.hourly;
      return handle;
    });
    const database = open(
      dialect,
      new ImmediateSqliteDialect({ database: async () => withStatementCache((await opened()).sqlite) }),
      async () => (await opened()).select1.get(),
    );
    return {
      ...database,
      close: async () => {
        clearInterval(refresh);
        await database.close();
      },
    };
  }
  if (dialect === 'postgres') {
    const pool = once(async (): Promise<PgPool> => {
      const { default: pg } = await import('pg');
      const created = new pg.Pool({ connectionString: url, max: 10 });
      // A restarted or failed-over server ends the connections, idle in the pool or lent out between
      // two queries; unheard, that error would end the process. A query in flight fails on its own.
      created.on('error', (err) => log.warn({ err }, 'database: the server closed an idle connection'));
      created.on('connect', (client) =>
        client.on('error', (err) => log.warn({ err }, 'database: the server closed a connection in use')),
      );
      return created;
    });
    return open(dialect, new PostgresDialect({ pool }), async () => (await pool()).query('select 1'));
  }
  const pool = once(async (): Promise<MysqlPool> => {
    const { createPool } = await import('mysql2');
    const created = createPool({
      uri: url.replace(/^mariadb:/, 'mysql:'),
      connectionLimit: 10,
      charset: 'utf8mb4',
      // Times are stored as RFC 3339 text; keep numbers as numbers.
      supportBigNumbers: true,
      bigNumberStrings: false,
    });
    created.on('error', (err) => log.warn({ err }, 'database: a pooled connection failed'));
    return created;
  });
  return open(dialect, new MysqlDialect({ pool }), async () => (await pool()).promise().query('select 1'));
}
