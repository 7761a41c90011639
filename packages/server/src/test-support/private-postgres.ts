import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './instances.js';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** The URL of its `postgres` database (trust authentication on loopback). */
  url: string;
  /** Stops the server (fast shutdown: open connections are ended, as in a restart). */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start: () => Promise<void>;
  /** Stops it and removes its data. */
  destroy: () => Promise<void>;
}

/** The folder of PostgreSQL's server programs: GATEHOUSE_TEST_PG_BIN, else Debian's newest. */
function binaries(): string {
  if (process.env.GATEHOUSE_TEST_PG_BIN) return process.env.GATEHOUSE_TEST_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error('PostgreSQL server programs not found: install postgresql or set GATEHOUSE_TEST_PG_BIN');
  return found;
}

/**
 * A PostgreSQL server of the calling test's own (initdb into a temporary folder, a free loopback
 * port), which the test may stop and start like a restart of the database host without touching
 * the machine's shared server. PostgreSQL refuses to run as root: as root it runs as `postgres`.
 */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = binaries();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args);
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=50`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
