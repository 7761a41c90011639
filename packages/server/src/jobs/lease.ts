import type { Db } from '../db/database.js';

/**
 * Leases on background jobs (the `jobLease` table): an instance runs a job only while it holds the
 * job's lease, so that several instances sharing one database run each job once. A lease is a row
 * per job naming its holder until a time; an expired one (its holder stopped or crashed) may be
 * taken over. Times are ISO 8601 strings of one format, compared as text on every engine.
 */

/** Takes the lease `name` for `holder` for `ms` milliseconds; false when another holder has it. */
export async function claimLease(db: Db, name: string, holder: string, ms: number, now = Date.now()): Promise<boolean> {
  const expiresTime = new Date(now + ms).toISOString();
  const current = new Date(now).toISOString();
  const taken = await db
    .updateTable('jobLease')
    .set({ holder, expiresTime })
    .where('name', '=', name)
    .where('expiresTime', '<', current)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) > 0) return true;
  // No lease yet: the first insert wins, a concurrent one breaks the primary key.
  const inserted = await db
    .insertInto('jobLease')
    .values({ name, holder, expiresTime })
    .execute()
    .then(
      () => true,
      () => false,
    );
  if (inserted) return true;
  const row = await db.selectFrom('jobLease').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease back, if `holder` still has it. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('jobLease').where('name', '=', name).where('holder', '=', holder).execute();
}
