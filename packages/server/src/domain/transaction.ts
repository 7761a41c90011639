import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { Write } from './writes.js';

/**
 * Runs `work` in the caller's transaction, or in a transaction of its own; in the latter case the
 * writes reported on it are delivered (the written event, domain/writes.ts) and what `afterCommit`
 * queued on it runs once it has committed, and not at all if it rolled back.
 */
export async function inTransaction<T>(server: ServerContext, trx: Db | undefined, work: (trx: Db) => Promise<T>): Promise<T> {
  if (trx) return work(trx);
  return server.services.writes.transaction(server.database.db, work);
}

/**
 * Runs `callback` when `trx` has committed: work outside the database that must not happen for a
 * write that rolls back (rows of an external adapter). Outside a transaction of `inTransaction` it
 * runs at once. Caches do not use it: they subscribe to the written event.
 */
export function afterCommit(server: ServerContext, trx: Db, callback: () => void): void {
  server.services.writes.afterCommit(trx, callback);
}

/** Reports a write made in `trx` to the written event (heard once `trx` has committed). */
export function reportWrite(server: ServerContext, trx: Db, write: Write): void {
  server.services.writes.report(trx, write);
}
