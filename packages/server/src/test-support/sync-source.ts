import fs from 'node:fs';
import path from 'node:path';
import type { SyncerTableColumn } from '@gatehouse/entities';
import SQLite from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DialectName } from '../db/database.js';
import { bindPlaceholders } from '../integrations/database/external-db.js';
import { createTestDatabase } from './databases.js';

/**
 * A real external database for syncer (and adapter) tests: a fresh database of the engine
 * (PostgreSQL, MariaDB) or a SQLite file below the test server's `${DATA_DIR}/syncers` (or
 * `/adapters`), with the settings a syncer or an adapter needs to reach it and a way to run SQL on
 * it directly (statements use `?` placeholders).
 */
export interface SyncSource {
  /** databaseType, host, port, user, password, database of a syncer. */
  settings: { databaseType: string; host: string; port: number; user: string; password: string; database: string };
  exec: (statement: string, params?: unknown[]) => Promise<void>;
  rows: (statement: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

/** `?` as `$1, $2 ...`, outside quotes (a quoted table name may hold a `?`). */
const numbered = (statement: string) => bindPlaceholders(statement, (n) => `$${n + 1}`);

export async function createSyncSource(
  engine: DialectName,
  dataDir: string,
  folderName: 'syncers' | 'adapters' = 'syncers',
): Promise<SyncSource> {
  if (engine === 'sqlite') {
    const folder = path.join(dataDir, folderName);
    fs.mkdirSync(folder, { recursive: true });
    const file = `source-${Date.now()}-${Math.floor(Math.random() * 1e6)}.db`;
    const db = new SQLite(path.join(folder, file));
    const bind = (params: unknown[]) => params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
    return {
      settings: { databaseType: 'sqlite3', host: '', port: 0, user: '', password: '', database: file },
      exec: async (statement, params = []) => void db.prepare(statement).run(...bind(params)),
      rows: async (statement, params = []) => {
        const found: unknown[] = db.prepare(statement).all(...bind(params));
        return found.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);
      },
      close: async () => {
        db.close();
      },
    };
  }
  const database = await createTestDatabase(engine);
  const url = new URL(database.url);
  const settings = {
    databaseType: engine === 'postgres' ? 'postgres' : 'mysql',
    host: url.hostname,
    port: Number(url.port),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
  };
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      settings,
      exec: async (statement, params = []) => void (await client.query(numbered(statement), params)),
      rows: async (statement, params = []) => (await client.query(numbered(statement), params)).rows,
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  const connection = await createConnection(database.url);
  return {
    settings,
    exec: async (statement, params = []) => void (await connection.query(statement, params)),
    rows: async (statement, params = []) => {
      const [rows] = await connection.query(statement, params);
      return Array.isArray(rows) ? rows.map((row) => ({ ...row })) : [];
    },
    close: async () => {
      await connection.end();
      await database.drop();
    },
  };
}

/** A column of a syncer's mapping: a hashed string column unless `extra` says otherwise. */
export function syncerColumn(name: string, casdoorName: string, extra: Partial<SyncerTableColumn> = {}): SyncerTableColumn {
  return { name, type: 'string', casdoorName, isKey: false, isHashed: true, values: [], ...extra };
}
