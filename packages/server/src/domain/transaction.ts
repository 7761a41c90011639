import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';

/** Work to do once a transaction has committed, by the transaction it waits for. */
const pending = new WeakMap<Db, (() => void)[]>();

/**
 * Runs `work` in the caller's transaction, or in a transaction of its own; in the latter case what
 * `afterCommit` queued on it runs once it has committed (and not at all if it rolled back).
 */
export async function inTransaction<T>(server: ServerContext, trx: Db | undefined, work: (trx: Db) => Promise<T>): Promise<T> {
  if (trx) return work(trx);
  const callbacks: (() => void)[] = [];
  const result = await server.database.db.transaction().execute((own) => {
    pending.set(own, callbacks);
    return work(own);
  });
  for (const callback of callbacks) callback();
  return result;
}

/**
 * Runs `callback` when `trx` has committed: caches of what the transaction changes are dropped
 * then, so that no request rebuilds them from the rows as they were before. Outside a transaction
 * of `inTransaction` it runs at once.
 */
export function afterCommit(trx: Db, callback: () => void): void {
  const list = pending.get(trx);
  if (list) list.push(callback);
  else callback();
}
