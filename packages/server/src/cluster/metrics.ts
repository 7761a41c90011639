import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * /metrics under WORKERS=N: whichever worker a scrape reaches answers the sum of every worker's
 * request metrics, so that Prometheus sees one instance whose counters never go back. The worker
 * asks the primary over IPC; the primary gathers every worker's registry with prom-client's
 * AggregatorRegistry (which asks each worker in turn) and answers the text.
 */

interface MetricsAsk {
  gatehouseMetricsAsk: number;
}
interface MetricsAnswer {
  gatehouseMetricsAnswer: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is MetricsAsk =>
  typeof message === 'object' &&
  message !== null &&
  'gatehouseMetricsAsk' in message &&
  typeof message.gatehouseMetricsAsk === 'number';
const isAnswer = (message: unknown): message is MetricsAnswer =>
  typeof message === 'object' &&
  message !== null &&
  'gatehouseMetricsAnswer' in message &&
  typeof message.gatehouseMetricsAnswer === 'number';

/** Longest wait for the primary's answer (prom-client waits 5 s for the workers). */
const ASK_TIMEOUT_MS = 6000;

/** The primary's side: answers each worker's ask with the sum of every worker's metrics. */
export function serveWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    const id = message.gatehouseMetricsAsk;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ gatehouseMetricsAnswer: id, text } satisfies MetricsAnswer),
      (error: unknown) => worker.send({ gatehouseMetricsAnswer: id, error: String(error) } satisfies MetricsAnswer),
    );
  });
}

/**
 * A worker's side: how to read every worker's metrics (this one's `registry` included), or
 * undefined when this process is not a cluster worker.
 */
export function allWorkersMetrics(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker) return undefined;
  // Constructing one installs prom-client's answer to the primary's requests for this worker's metrics.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const waiting = pending.get(message.gatehouseMetricsAnswer);
    pending.delete(message.gatehouseMetricsAnswer);
    if (message.text !== undefined) waiting?.resolve(message.text);
    else waiting?.reject(new Error(`metrics of the workers: ${message.error ?? 'no answer'}`));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('metrics of the workers: the primary did not answer'));
      }, ASK_TIMEOUT_MS);
      timer.unref();
      pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ gatehouseMetricsAsk: id } satisfies MetricsAsk);
    });
}
