import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DialectName } from '../db/database.js';

/** Server URLs of the engines the API suites run against (overridable for other machines). */
const POSTGRES_ADMIN_URL = process.env.GATEHOUSE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MYSQL_ADMIN_URL = process.env.GATEHOUSE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';

/** Engines to test: GATEHOUSE_TEST_DATABASES=sqlite,postgres,mysql (the default: all three). */
export function testEngines(): DialectName[] {
  const list = (process.env.GATEHOUSE_TEST_DATABASES ?? 'sqlite,postgres,mysql').split(',').map((s) => s.trim());
  return list.filter((s): s is DialectName => s === 'sqlite' || s === 'postgres' || s === 'mysql');
}

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, empty database on `engine`, dropped again by `drop()`. */
export async function createTestDatabase(engine: DialectName): Promise<TestDatabase> {
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-test-'));
    return { url: `sqlite:${path.join(dir, 'test.db')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await c.connect();
        // The server's pool resolves its end() before each connection has finished closing; a
        // forced drop while one still closes would kill it mid-goodbye (an uncaught FATAL).
        for (let i = 0; i < 50; i++) {
          const open = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (open.rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const admin = await createConnection(MYSQL_ADMIN_URL);
  await admin.query(`create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(MYSQL_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = await createConnection(MYSQL_ADMIN_URL);
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}
