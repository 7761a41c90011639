import type { ApiThroughput, PrometheusInfo } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { allWorkersMetrics } from '../cluster/metrics.js';

/** Throughput is measured over the last minute, in one-second buckets. */
const WINDOW_SECONDS = 60;

/**
 * Request metrics (for the system-info dashboard): a prom-client histogram of request durations
 * labelled by route pattern (never the raw address, which would make a series per id) and method,
 * recorded when each answer is sent, plus a per-second count over the last minute for throughput.
 * The console's files and pages count under "/*" (plugins/console.ts); requests that match no route
 * under "unmatched".
 */
export class RequestMetrics {
  readonly registry = new Registry();
  private readonly latency = new Histogram({
    name: 'gatehouse_api_latency_seconds',
    help: 'Duration of HTTP requests by route pattern and method',
    labelNames: ['name', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** route key → (second → requests in that second). */
  private readonly recent = new Map<string, Map<number, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  observe(name: string, method: string, seconds: number) {
    this.latency.observe({ name, method }, seconds);
    const key = `${method} ${name}`;
    const second = Math.floor(this.now() / 1000);
    const buckets = this.recent.get(key) ?? new Map<number, number>();
    buckets.set(second, (buckets.get(second) ?? 0) + 1);
    this.recent.set(key, buckets);
  }

  /** What the console's tables show: latency per route from the histogram, throughput per route. */
  async info(): Promise<PrometheusInfo> {
    const metric = await this.latency.get();
    const sums = new Map<string, number>();
    const counts = new Map<string, { name: string; method: string; count: number }>();
    for (const value of metric.values) {
      const name = String(value.labels.name ?? '');
      const method = String(value.labels.method ?? '');
      const key = `${method} ${name}`;
      if (value.metricName === 'gatehouse_api_latency_seconds_sum') sums.set(key, value.value);
      if (value.metricName === 'gatehouse_api_latency_seconds_count') counts.set(key, { name, method, count: value.value });
    }
    const apiLatency = [...counts.entries()]
      .map(([key, row]) => ({ ...row, latency: (((sums.get(key) ?? 0) / Math.max(row.count, 1)) * 1000).toFixed(3) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.method.localeCompare(b.method));

    const oldest = Math.floor(this.now() / 1000) - WINDOW_SECONDS;
    const apiThroughput: ApiThroughput[] = [];
    let total = 0;
    for (const [key, buckets] of this.recent) {
      let count = 0;
      for (const [second, n] of buckets) {
        if (second <= oldest) buckets.delete(second);
        else count += n;
      }
      if (buckets.size === 0) {
        this.recent.delete(key);
        continue;
      }
      const [method = '', ...rest] = key.split(' ');
      const throughput = round(count / WINDOW_SECONDS);
      total += count;
      apiThroughput.push({ name: rest.join(' '), method, throughput });
    }
    apiThroughput.sort((a, b) => a.name.localeCompare(b.name) || a.method.localeCompare(b.method));
    return { apiThroughput, apiLatency, totalThroughput: round(total / WINDOW_SECONDS) };
  }

  /** Under WORKERS=N, every worker's metrics summed (cluster/metrics.ts). */
  private readonly ofAllWorkers = allWorkersMetrics(this.registry);

  /** The Prometheus text exposition of the registry. */
  text(): Promise<string> {
    return this.ofAllWorkers ? this.ofAllWorkers() : this.registry.metrics();
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Records every answered request: its route pattern, method and duration. */
export function registerMetrics(app: FastifyInstance, metrics: RequestMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    const name = request.routeOptions.url ?? 'unmatched';
    metrics.observe(name, request.method, reply.elapsedTime / 1000);
  });
}

declare module '../context.js' {
  interface ServerServices {
    /** The request metrics of the system-info dashboard and /metrics (plugins/metrics.ts). */
    readonly requestMetrics: RequestMetrics;
  }
}
