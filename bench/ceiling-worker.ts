/**
 * One worker thread of a ceiling (ceilings.ts): signs RS256 JWTs with the given key (jose, as the
 * server signs tokens) or checks a password against a bcrypt hash (@node-rs/bcrypt, as the server
 * checks sign-ins), as fast as it can for the given time, and posts how many it did.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/** What a ceiling measures: RS256 signatures with a key, or checks of a password against a hash. */
export type CeilingWork = { kind: 'sign'; privateKey: string } | { kind: 'hash'; hash: string; password: string };
type CeilingTask = CeilingWork & { milliseconds: number };

/** A library as packages/server resolves it: the very one the server runs. */
async function serverLibrary<T>(name: string): Promise<T> {
  const entry = createRequire(path.resolve(import.meta.dirname, '../packages/server/package.json')).resolve(name);
  return (await import(pathToFileURL(entry).href)) as T;
}

async function loop(work: () => unknown, milliseconds: number): Promise<number> {
  for (let i = 0; i < 5; i++) await work();
  const until = performance.now() + milliseconds;
  let done = 0;
  while (performance.now() < until) {
    await work();
    done++;
  }
  return done;
}

const task = workerData as CeilingTask;
if (task.kind === 'sign') {
  const jose = await serverLibrary<typeof import('jose')>('jose');
  const key = await jose.importPKCS8(task.privateKey, 'RS256');
  const claims = { iss: 'http://127.0.0.1', sub: 'bench', aud: 'bench', scope: '' };
  const sign = () => new jose.SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(key);
  parentPort?.postMessage(await loop(sign, task.milliseconds));
} else {
  const bcrypt = await serverLibrary<typeof import('@node-rs/bcrypt')>('@node-rs/bcrypt');
  parentPort?.postMessage(await loop(() => bcrypt.verifySync(task.password, task.hash), task.milliseconds));
}
