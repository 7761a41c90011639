import type { FastifyBaseLogger } from 'fastify';

/** Work a server does now and then, off every request. */
export interface PeriodicTask {
  /** What the log says when a run fails ("session purge failed"). */
  failure: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * The server's periodic tasks (the purges of expired rows, the subscription clock; services.ts
 * lists them): started with the server and stopped on close, like the other jobs. A run that fails
 * is logged and the task runs again at its next time.
 */
export class Housekeeping {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    readonly tasks: readonly PeriodicTask[],
  ) {}

  start(): void {
    if (this.timers.length > 0) return;
    this.timers = this.tasks.map((task) => {
      const timer = setInterval(() => {
        task.run().catch((err) => this.log.warn({ err }, task.failure));
      }, task.everyMs);
      timer.unref();
      return timer;
    });
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
