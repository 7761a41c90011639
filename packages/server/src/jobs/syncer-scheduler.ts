import { syncer as syncerDef } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { runUnderLease } from '../domain/syncer/runner.js';

/**
 * Runs the enabled syncers every syncInterval minutes: started with the server
 * (app.ts) and stopped on close. Every tick (JOB_TICK_SECONDS) it looks for enabled syncers and
 * tries each one's lease as a due job (db/job-lease.ts): the lease makes it due at most once per
 * interval and held by one instance at a time, so several instances over one database run each
 * sync once; in this process a syncer still running is not started again. A failed run is stored
 * on the syncer (error text, status) by the runner; here it is only logged.
 */
export class SyncerScheduler {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly server: ServerContext,
    private readonly tickMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.closed || this.ticking) return;
    this.ticking = this.startDue()
      .catch((err) => this.server.log.warn({ err }, 'syncer scheduler tick failed'))
      .finally(() => {
        this.ticking = undefined;
      });
  }

  private async startDue(): Promise<void> {
    const rows = await this.server.database.db.selectFrom('syncer').selectAll().where('isEnabled', '=', true).execute();
    const repo = this.server.repo(syncerDef);
    for (const row of rows) {
      const syncer = repo.toRecord(row);
      const id = `${syncer.owner}/${syncer.name}`;
      if (this.closed || this.running.has(id)) continue;
      const run = runUnderLease(this.server, syncer, true)
        .then(
          () => undefined,
          (err: unknown) => this.server.log.warn({ err, syncer: id }, 'scheduled sync failed'),
        )
        .finally(() => this.running.delete(id));
      this.running.set(id, run);
    }
  }

  /** Stops starting runs and waits for the ones under way (they hold leases and write their status). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.running.values()]);
  }
}
