/**
 * Ceilings measured in the same run as the scenarios: what the hardware allows for the work a
 * scenario cannot avoid. Signing and hashing run on every core, one worker thread per
 * os.availableParallelism(); the Fastify hello-world runs in a process of its own.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CeilingWork } from './ceiling-worker.js';
import { type Measured, measure, startBenchProcess, stop, waitFor } from './load.js';

const CEILING_MILLISECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 5) * 1000;

/** A worker thread does not take the parent's --import tsx on Node 20: it registers tsx itself. */
const WORKER_BOOT = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(
  new URL('./ceiling-worker.ts', import.meta.url).href,
)}); })`;

/** Runs `task` on every core at once; answers the operations per second of all of them. */
async function onEveryCore(task: CeilingWork): Promise<number> {
  const threads = os.availableParallelism();
  const workerData = { ...task, milliseconds: CEILING_MILLISECONDS };
  const counts = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(WORKER_BOOT, { eval: true, workerData });
          worker.once('message', (count: number) => {
            resolve(count);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
  // Each worker counts over a window of its own, after a short warm-up; the windows overlap.
  return Math.round(counts.reduce((a, b) => a + b, 0) / (CEILING_MILLISECONDS / 1000));
}

/** Raw RS256 signatures per second with this PKCS#8 key (jose, the server's signing library). */
export function signsPerSecond(privateKey: string): Promise<number> {
  return onEveryCore({ kind: 'sign', privateKey });
}

/**
 * Password checks per second against a hash as the server writes it for an organization whose
 * password type is `type` (its own hashPassword, from the built dist), on every core.
 */
export async function passwordChecksPerSecond(type: string, password: string): Promise<{ rate: number; hash: string }> {
  if (type !== 'bcrypt') throw new Error(`the hash ceiling measures bcrypt; the organization uses ${type}`);
  const dist = path.resolve(import.meta.dirname, '../packages/server/dist/crypto/passwords/algorithms.js');
  const { hashPassword } = (await import(pathToFileURL(dist).href)) as {
    hashPassword: (type: 'bcrypt', password: string, salt: string) => Promise<string>;
  };
  const hash = await hashPassword('bcrypt', password, '');
  return { rate: await onEveryCore({ kind: 'hash', hash, password }), hash };
}

/** A Fastify hello-world route under the same load as the scenarios, in its own process. */
export async function helloWorld(port: number): Promise<Measured> {
  const child = startBenchProcess('hello-world.ts', [String(port)]);
  try {
    await waitFor(`http://127.0.0.1:${port}/`, child);
    await measure({ url: `http://127.0.0.1:${port}/`, duration: 2 });
    return await measure({ url: `http://127.0.0.1:${port}/` });
  } finally {
    await stop(child);
  }
}
