import type { Db } from './database.js';

/**
 * Leases of scheduled jobs (table jobLease, migration 0023): one row per job (`syncer:admin/x`),
 * naming the instance that runs it (`holder`) until when (`expiresTime`, renewed while it runs)
 * and when it is next due (`nextRunTime`). Taking a lease is one conditional write, so that of
 * several instances over one database exactly one runs each due job; a holder that died leaves a
 * lease that expires. Times are ISO 8601 UTC strings of one length ('' = at once), which compare
 * as text on every engine.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export interface LeaseTimes {
  /** How long the lease lasts unless renewed. */
  leaseMs: number;
  now?: number;
}

/** The lease row exists (created not due, not held) so that conditional updates can take it. */
async function ensureRow(db: Db, id: string, nextRunTime: string): Promise<void> {
  const existing = await db.selectFrom('jobLease').select('id').where('id', '=', id).executeTakeFirst();
  if (existing) return;
  try {
    await db.insertInto('jobLease').values({ id, holder: '', expiresTime: '', nextRunTime }).execute();
  } catch (error) {
    // Another instance inserted it meanwhile (the primary key); anything else is a real failure.
    const again = await db.selectFrom('jobLease').select('id').where('id', '=', id).executeTakeFirst();
    if (!again) throw error;
  }
}

/**
 * Takes the lease of a job that is due (its next run time has come) and nobody holds, moving its
 * next run `intervalMs` on: true when this holder got it.
 */
export async function claimDueJob(
  db: Db,
  id: string,
  holder: string,
  intervalMs: number,
  { leaseMs, now = Date.now() }: LeaseTimes,
): Promise<boolean> {
  await ensureRow(db, id, '');
  const result = await db
    .updateTable('jobLease')
    .set({ holder, expiresTime: iso(now + leaseMs), nextRunTime: iso(now + intervalMs) })
    .where('id', '=', id)
    .where('nextRunTime', '<=', iso(now))
    .where((eb) => eb.or([eb('holder', '=', ''), eb('expiresTime', '<', iso(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the lease of a job whether or not it is due (a run on demand), unless someone holds it. */
export async function claimJob(db: Db, id: string, holder: string, { leaseMs, now = Date.now() }: LeaseTimes): Promise<boolean> {
  await ensureRow(db, id, '');
  const result = await db
    .updateTable('jobLease')
    .set({ holder, expiresTime: iso(now + leaseMs) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('holder', '=', ''), eb('expiresTime', '<', iso(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a lease this holder has (a long run); false when it was lost. */
export async function renewJob(db: Db, id: string, holder: string, { leaseMs, now = Date.now() }: LeaseTimes): Promise<boolean> {
  const result = await db
    .updateTable('jobLease')
    .set({ expiresTime: iso(now + leaseMs) })
    .where('id', '=', id)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a lease back at the end of a run. */
export async function releaseJob(db: Db, id: string, holder: string): Promise<void> {
  await db
    .updateTable('jobLease')
    .set({ holder: '', expiresTime: '' })
    .where('id', '=', id)
    .where('holder', '=', holder)
    .execute();
}

/** Makes a job due at once (its settings changed: Casdoor runs a syncer again when it is saved enabled). */
export async function makeJobDue(db: Db, id: string): Promise<void> {
  await db.updateTable('jobLease').set({ nextRunTime: '' }).where('id', '=', id).execute();
}

/** Moves a job's lease to a new id (a renamed syncer). */
export async function renameJob(db: Db, id: string, next: string): Promise<void> {
  await db.updateTable('jobLease').set({ id: next }).where('id', '=', id).execute();
}

export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.deleteFrom('jobLease').where('id', '=', id).execute();
}
