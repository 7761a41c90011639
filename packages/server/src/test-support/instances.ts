import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
const ENTITIES_ROOT = path.resolve(SERVER_ROOT, '../entities');

/** The newest modification time of the files below `dir`. */
function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Whether the build of `root` (its dist/) holds every change of its sources (src/). */
function built(root: string): boolean {
  const dist = path.join(root, 'dist');
  return fs.existsSync(dist) && newestIn(dist) >= newestIn(path.join(root, 'src'));
}

let entryArgs: string[] | undefined;

/**
 * The arguments after `node` that start the server in a process of its own: the build when it
 * holds every change of the sources (as `npm test` leaves it: it builds first), which starts in a
 * fraction of the time; else the TypeScript sources through tsx.
 */
export function serverEntryArgs(): string[] {
  entryArgs ??=
    built(SERVER_ROOT) && built(ENTITIES_ROOT)
      ? [path.join(SERVER_ROOT, 'dist/main.js')]
      : ['--import', 'tsx', path.join(SERVER_ROOT, 'src/main.ts')];
  return entryArgs;
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface SecondInstance {
  url: string;
  process: ChildProcess;
  /** What the process has written (its log lines, JSON), stdout and stderr together. */
  output: string[];
  stop: () => void;
  /** Ends the process at once (SIGKILL: no shutdown hooks, as in a crash); resolves when it is gone. */
  kill: () => Promise<void>;
}

/**
 * Another server instance in a process of its own (as in a cluster), over the database of
 * `databaseUrl`, configured by `env` beside it; resolves once it answers its health check.
 */
export async function startSecondInstance(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<SecondInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, serverEntryArgs(), {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: '/nonexistent',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 2000) output.splice(0, output.length - 2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
  };
  for (let i = 0; i < 480; i++) {
    const answer = await fetch(`${url}/api/health`).catch(() => null);
    if (answer?.ok) return { url, process: child, output, stop, kill };
    if (child.exitCode !== null) throw new Error(`the second instance ended at its start: ${output.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`the second instance did not answer within 2 minutes: ${output.slice(-20).join('\n')}`);
}
