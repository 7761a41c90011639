import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

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
  stop: () => void;
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
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../main.ts')], {
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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
  };
  for (let i = 0; i < 240; i++) {
    const answer = await fetch(`${url}/api/health`).catch(() => null);
    if (answer?.ok) return { url, process: child, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('the second instance did not start');
}
