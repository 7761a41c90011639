import { randomUUID } from 'node:crypto';
import { ldap as ldapDef, nowRfc3339 } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { claimJob, releaseJob } from '../db/job-lease.js';
import { ldaps } from '../domain/ldap.js';
import { syncDirectoryUsers } from '../domain/ldap-sync.js';

/** How often the server looks for LDAP servers whose auto sync is due. */
const CHECK_MS = 30_000;
/** The longest an auto sync may hold its server's lease (a sync that outlives it may be run again elsewhere). */
const LEASE_MS = 15 * 60_000;

/** Whether a server syncing every `minutes` minutes and last synced at `lastSync` is due at `now`. */
export function isSyncDue(lastSync: string, minutes: number, now = Date.now()): boolean {
  if (minutes <= 0) return false;
  const last = Date.parse(lastSync);
  return Number.isNaN(last) || last + minutes * 60_000 <= now;
}

/** What one look for due servers did, by server id owner/id. */
export interface AutoSyncRun {
  synced: string[];
  /** Due, but another instance (or this one) was running it. */
  skipped: string[];
  failed: string[];
}

/**
 * The LDAP auto sync (every `autoSync` minutes, all users of the directory into the organization;
 * Casdoor's LdapAutoSynchronizer). Started with the server and
 * stopped on close, it looks for due servers every 30 seconds; a server runs one sync at a time
 * here, and across instances only under its lease (db/job-lease.ts, shared with the syncers). A run stamps lastSync first, so
 * that a directory that cannot be reached is tried again after the interval, not at every look.
 */
export class LdapAutoSync {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, Promise<void>>();
  /** This instance, as lease holder. */
  readonly holder = randomUUID();

  constructor(
    private readonly server: ServerContext,
    private readonly checkMs = CHECK_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.runDue().catch((err) => this.server.log.warn({ err }, 'LDAP auto sync failed'));
    }, this.checkMs);
    this.timer.unref();
  }

  /** Stops looking and waits for the syncs under way. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled(this.running.values());
  }

  /** Syncs every server whose auto sync is due (the timer's work; tests call it directly). */
  async runDue(now = Date.now()): Promise<AutoSyncRun> {
    const due = await this.server.database.db
      .selectFrom('ldap')
      .select(['owner', 'id', 'autoSync', 'lastSync'])
      .where('autoSync', '>', 0)
      .execute();
    const run: AutoSyncRun = { synced: [], skipped: [], failed: [] };
    const work = due
      .filter((row) => isSyncDue(row.lastSync, row.autoSync, now))
      .map(async (row) => {
        const id = `${row.owner}/${row.id}`;
        if (this.running.has(id)) return void run.skipped.push(id);
        const sync = this.syncOne(row.owner, row.id, now);
        this.running.set(
          id,
          sync.then(
            () => undefined,
            () => undefined,
          ),
        );
        try {
          run[(await sync) ? 'synced' : 'skipped'].push(id);
        } catch (err) {
          this.server.log.warn({ err, ldap: id }, 'LDAP auto sync failed');
          run.failed.push(id);
        } finally {
          this.running.delete(id);
        }
      });
    await Promise.all(work);
    return run;
  }

  /** One server's sync under its lease; false when another holder had it or it was no longer due. */
  private async syncOne(owner: string, id: string, now: number): Promise<boolean> {
    const { db } = this.server.database;
    const lease = `ldap-sync:${owner}/${id}`;
    if (!(await claimJob(db, lease, this.holder, { leaseMs: LEASE_MS, now }))) return false;
    try {
      // Read again under the lease: another instance may have just run it.
      const ldap = await this.server.repo(ldapDef).get(owner, id);
      if (!ldap || !isSyncDue(ldap.lastSync, ldap.autoSync, now)) return false;
      await ldaps.update(this.server, 'system', { owner, name: id }, { lastSync: nowRfc3339() }, { columns: ['lastSync'] });
      const { exist, failed } = await syncDirectoryUsers(this.server, ldap, 'all');
      this.server.log.info({ ldap: `${owner}/${id}`, exist: exist.length, failed: failed.length }, 'LDAP auto sync done');
      return true;
    } finally {
      await releaseJob(db, lease, this.holder);
    }
  }
}
