/**
 * One load run with autocannon, and the processes the benchmark starts beside Gatehouse (the
 * hello-world ceiling and the node-oidc-provider reference), each on a loopback port of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** A chain of requests per connection (autocannon's `requests`), instead of one repeated request. */
  requests?: autocannon.Request[];
  connections?: number;
  /** Requests per second over all connections (a paced, low-rate load). */
  overallRate?: number;
  duration?: number;
}

export interface Measured {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function measure(load: Load): Promise<Measured> {
  const result = await autocannon({
    url: load.url,
    method: load.method ?? 'GET',
    body: load.body,
    headers: load.headers,
    requests: load.requests,
    connections: load.connections ?? CONNECTIONS,
    overallRate: load.overallRate,
    duration: load.duration ?? DURATION,
  });
  return {
    rate: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Waits until `url` answers 2xx (a process just started). */
export async function waitFor(url: string, child: ChildProcess, seconds = 120): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`${url} did not answer`);
}

/** Starts a TypeScript file of the bench in its own Node process. */
export function startBenchProcess(file: string, args: string[], options: { quiet?: boolean } = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, file), ...args], {
    stdio: ['ignore', 'ignore', options.quiet ? 'ignore' : 'inherit'],
  });
}

/** Stops a child process and waits until it is gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
