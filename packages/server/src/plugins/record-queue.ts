import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.js';
import { insertRecords, type NewAuditRecord } from '../domain/record.js';

export interface RecordQueueOptions {
  /** Longest a record waits before its batch is written (ms). */
  intervalMs?: number;
  /** A batch is written at once when this many records wait. */
  batchSize?: number;
  /** Records waiting beyond this many (the database is down) are dropped, with one warning per batch. */
  maxWaiting?: number;
  /** Called when a written batch made webhook deliveries (the dispatcher sends them at once). */
  onDeliveries?: () => void;
}

/**
 * The audit records waiting to be written, off the request path: requests only push onto an array;
 * a timer (or a full batch) writes them, one multi-row INSERT per batch, one batch at a time. A
 * failed write is logged and its records dropped: an audit store that fails must not fail or slow
 * the calls it records. A batch is written with the webhook deliveries its records make, in one
 * transaction (domain/record.ts). `close()` writes what waits (the server's shutdown).
 */
export class RecordQueue {
  private waiting: NewAuditRecord[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxWaiting: number;
  private readonly onDeliveries: (() => void) | undefined;

  constructor(
    private readonly server: ServerContext,
    private readonly log: FastifyBaseLogger,
    options: RecordQueueOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 500;
    this.batchSize = options.batchSize ?? 200;
    this.maxWaiting = options.maxWaiting ?? 20_000;
    this.onDeliveries = options.onDeliveries;
  }

  push(row: NewAuditRecord): void {
    if (this.waiting.length >= this.maxWaiting) {
      this.log.warn({ dropped: 1 }, 'audit record dropped: too many records wait to be written');
      return;
    }
    this.waiting.push(row);
    if (this.waiting.length >= this.batchSize) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes everything waiting now; resolves when it is written (or its failure logged). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const next = this.writing.then(() => this.writeWaiting());
    this.writing = next;
    return next;
  }

  private async writeWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.batchSize);
      try {
        const deliveries = await insertRecords(this.server, 'system', batch);
        if (deliveries > 0) this.onDeliveries?.();
      } catch (err) {
        this.log.error({ err, records: batch.length }, 'audit records could not be written');
      }
    }
  }

  async close(): Promise<void> {
    await this.flush();
  }
}

declare module '../context.js' {
  interface ServerServices {
    /** The audit records waiting to be written (plugins/record-queue.ts). */
    readonly recordQueue: RecordQueue;
  }
}
