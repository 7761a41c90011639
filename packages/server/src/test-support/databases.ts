import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import pg from 'pg';
import { inject } from 'vitest';
import { type DialectName, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

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
  return createDatabase(engine);
}

/**
 * A fresh database on `engine` with every migration applied, as a server finds it after its first
 * start's migrations: a copy of the run's template (global-setup.ts migrated one per engine), which
 * takes a fraction of running the migrations again (on a loaded MariaDB, 15 s per suite).
 */
export async function createMigratedDatabase(engine: DialectName): Promise<TestDatabase> {
  const template = inject('migratedTemplates')[engine];
  if (!template) throw new Error(`no migrated template of ${engine}: is it in GATEHOUSE_TEST_DATABASES?`);
  return createDatabase(engine, template);
}

/**
 * What a run's template of each engine is: SQLite's file, PostgreSQL's database (CREATE DATABASE
 * … TEMPLATE), MariaDB's statements (it has no templates: its tables, triggers and rows re-created).
 */
export interface MigratedTemplates {
  sqlite?: { file: string };
  postgres?: { database: string };
  mysql?: { statements: string[] };
}

interface Template {
  info: MigratedTemplates;
  drop: () => Promise<void>;
}

/** Runs every migration once on a new database of each engine (global-setup.ts). */
export async function createMigratedTemplates(engines: DialectName[]): Promise<Template> {
  const info: MigratedTemplates = {};
  const drops: (() => Promise<void>)[] = [];
  const drop = async () => void (await Promise.all(drops.map((dropOne) => dropOne())));
  const made = await Promise.allSettled(
    engines.map(async (engine) => {
      const database = await createDatabase(engine);
      drops.push(database.drop);
      const opened = openDatabase(database.url);
      try {
        await migrateToLatest(opened.db, opened.dialect);
      } finally {
        await opened.close();
      }
      if (engine === 'sqlite') info.sqlite = { file: database.url.slice('sqlite:'.length) };
      else if (engine === 'postgres') info.postgres = { database: new URL(database.url).pathname.slice(1) };
      else info.mysql = { statements: await mysqlStatements(database.url) };
    }),
  );
  // A migration that fails fails the run, and leaves no database behind.
  const failed = made.find((result) => result.status === 'rejected');
  if (failed) {
    await drop();
    throw failed.reason;
  }
  return { info, drop };
}

/** The statements that re-create a MariaDB database's tables, triggers and rows in another. */
async function mysqlStatements(url: string): Promise<string[]> {
  const connection = await createConnection(url);
  try {
    const database = new URL(url).pathname.slice(1);
    const [tables] = await connection.query<RowDataPacket[]>(
      "select table_name as name, table_rows as n from information_schema.tables where table_schema = ? and table_type = 'BASE TABLE' order by table_name",
      [database],
    );
    const statements: string[] = ['set foreign_key_checks = 0'];
    for (const { name } of tables) {
      const [[created]] = await connection.query<RowDataPacket[]>(`show create table \`${name}\``);
      statements.push(String(created['Create Table']));
      const [rows] = await connection.query<RowDataPacket[]>(`select * from \`${name}\``);
      for (const row of rows) {
        const columns = Object.keys(row);
        statements.push(
          connection.format(`insert into \`${name}\` (${columns.map((c) => `\`${c}\``).join(', ')}) values (?)`, [
            columns.map((c) => row[c]),
          ]),
        );
      }
    }
    const [triggers] = await connection.query<RowDataPacket[]>(
      'select trigger_name as name from information_schema.triggers where trigger_schema = ? order by action_order',
      [database],
    );
    for (const { name } of triggers) {
      const [[trigger]] = await connection.query<RowDataPacket[]>(`show create trigger \`${name}\``);
      statements.push(String(trigger['SQL Original Statement']).replace(/^CREATE DEFINER=\S+ /i, 'CREATE '));
    }
    return statements;
  } finally {
    await connection.end();
  }
}

async function createDatabase(engine: DialectName, template?: MigratedTemplates[DialectName]): Promise<TestDatabase> {
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-test-'));
    const file = path.join(dir, 'test.db');
    if (template && 'file' in template) fs.copyFileSync(template.file, file);
    return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}${template && 'database' in template ? ` template ${template.database}` : ''}`);
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
  const url = new URL(MYSQL_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = await createConnection(MYSQL_ADMIN_URL);
    await c.query(`drop database if exists ${name}`);
    await c.end();
  };
  const admin = await createConnection(MYSQL_ADMIN_URL);
  try {
    await admin.query(`create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`);
    if (template && 'statements' in template) {
      await admin.query(`use ${name}`);
      for (const statement of template.statements) await admin.query(statement);
    }
  } catch (error) {
    await drop();
    throw error;
  } finally {
    await admin.end();
  }
  return { url: url.toString(), drop };
}
