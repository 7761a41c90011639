import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Another process writing the server's SQLite file, as the browser tests and an operator's tools
 * do: its own better-sqlite3 connection (busy_timeout 5000, as the browser tests set it) in a
 * child process, so that while it waits for the server's write lock the server keeps running.
 */
const CHILD = `
const fs = require('node:fs');
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
const say = (message) => fs.writeSync(1, JSON.stringify(message) + '\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, sql } = JSON.parse(line);
  say({ id, started: true });
  try {
    db.exec(sql);
    say({ id, ok: true });
  } catch (error) {
    say({ id, error: String(error.code ?? error.message) });
  }
});
say({ ready: true });
`;

/** Where SQL of the writer stands: `started` when it is about to run, `done` when it ran (or failed, with its code). */
export interface WriterStatement {
  started: Promise<void>;
  done: Promise<WriterResult>;
}

export interface SqliteWriter {
  /** Runs `sql` (one or more statements) on the writer's connection. */
  exec: (sql: string) => WriterStatement;
  close: () => Promise<void>;
}

type WriterResult = { ok: true } | { ok: false; code: string };

interface Waiter {
  started: () => void;
  done: (result: WriterResult) => void;
}

/** Starts a writer on the SQLite database file `file`, answered once its connection is open. */
export async function startSqliteWriter(file: string): Promise<SqliteWriter> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['-e', CHILD, file], {
    // better-sqlite3 is found from the server package, as the server finds it.
    cwd: path.resolve(import.meta.dirname, '../..'),
  });
  const waiters = new Map<number, Waiter>();
  let ready: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const message: { id?: number; ready?: boolean; started?: boolean; ok?: boolean; error?: string } = JSON.parse(line);
    if (message.ready) return ready();
    const waiter = message.id === undefined ? undefined : waiters.get(message.id);
    if (!waiter) return;
    if (message.started) return waiter.started();
    waiter.done(message.ok ? { ok: true } : { ok: false, code: message.error ?? '' });
  });
  await Promise.race([
    opened,
    exited.then(() => {
      throw new Error(`the SQLite writer exited: ${stderr}`);
    }),
  ]);
  let next = 0;
  return {
    exec(sql) {
      const id = next++;
      const waiter: Waiter = { started: () => {}, done: () => {} };
      const statement: WriterStatement = {
        started: new Promise((resolve) => {
          waiter.started = resolve;
        }),
        done: new Promise((resolve) => {
          waiter.done = resolve;
        }),
      };
      waiters.set(id, waiter);
      child.stdin.write(`${JSON.stringify({ id, sql })}\n`);
      return statement;
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
