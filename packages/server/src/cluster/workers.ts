import cluster, { type Worker } from 'node:cluster';
import { isRelayMessage } from './ipc.js';
import { serveWorkerMetrics } from './metrics.js';

/**
 * WORKERS=N: this process becomes a node:cluster primary that serves nothing itself and forks N
 * workers, each a whole Gatehouse (main.ts) listening on the same port; the primary hands them the
 * connections in turn. The first worker starts alone (it runs the migrations and, on a first start,
 * creates the built-in objects), then the others. Workers share what any two instances share (the
 * database, REDIS_URL); without Redis the primary relays their cache invalidations (cluster/ipc.ts).
 * A worker that dies is replaced; SIGTERM or SIGINT is passed on to every worker, which finishes its
 * requests in flight, and the primary exits when they have.
 */

/** One JSON line like the workers' (pino's fields), so that one log reader takes both. */
function log(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`);
}

/** Longest wait for the workers to stop after SIGTERM (each gives its requests 10 s). */
const STOP_MS = 15_000;
/** A worker that dies this soon after it started is replaced only after a pause (a crash loop). */
const EARLY_DEATH_MS = 5_000;

export async function runPrimary(count: number): Promise<void> {
  let stopping = false;
  const started = new Map<Worker, number>();

  cluster.on('message', (from, message: unknown) => {
    if (!isRelayMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });

  serveWorkerMetrics();

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    return worker;
  };

  const listening = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once('listening', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });

  // The first worker migrates the database and seeds it; the others start once it listens.
  if (!(await listening(fork()))) {
    log('error', 'the first worker stopped before it listened; not starting the others');
    process.exit(1);
  }
  const others = Array.from({ length: count - 1 }, () => listening(fork()));
  log('info', `primary of ${count} workers`, { workers: count });
  void Promise.all(others).then((up) => {
    if (up.every(Boolean)) log('info', `all ${count} workers listening`, { workers: count });
  });

  cluster.on('exit', (worker, code, signal) => {
    const age = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log('warn', 'a worker stopped; starting another', { worker: worker.process.pid, code, signal });
    setTimeout(fork, age < EARLY_DEATH_MS ? 1000 : 0);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', `${signal} received, stopping the workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => process.exit(1), STOP_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
