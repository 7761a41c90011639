import { ADMIN_OWNER } from '@gatehouse/entities';
import type { Db } from '../../db/database.js';

/**
 * What a syncer's remembered rows are kept under: its name when `admin` owns it (every syncer
 * before syncers could be owned by their organization), else owner/name (names hold no "/").
 */
export function stateKeyOf(syncer: { owner: string; name: string }): string {
  return syncer.owner === ADMIN_OWNER ? syncer.name : `${syncer.owner}/${syncer.name}`;
}

/**
 * What a syncer remembers of each external row between runs (table syncerUser): the hash of the
 * hashed columns on the external side (`hash`) and on the user's (`localHash`) as of the last
 * sync, and whether the row has gone (`removed`, reported once as deleted). Casdoor keeps one
 * preHash on the user; two hashes tell which side changed even when the user's domain completes a
 * value (a default avatar) differently from the row.
 */
export interface RowState {
  hash: string;
  localHash: string;
  removed: boolean;
}

/** Every remembered row of a syncer, by key value. */
export async function loadStates(db: Db, syncer: string): Promise<Map<string, RowState>> {
  const rows = await db
    .selectFrom('syncerUser')
    .select(['keyValue', 'hash', 'localHash', 'removed'])
    .where('syncer', '=', syncer)
    .execute();
  return new Map(rows.map((r) => [r.keyValue, { hash: r.hash, localHash: r.localHash, removed: r.removed }]));
}

/** Records a row's state (replacing what was remembered), in the caller's transaction. */
export async function saveState(db: Db, syncer: string, keyValue: string, state: RowState): Promise<void> {
  await db.deleteFrom('syncerUser').where('syncer', '=', syncer).where('keyValue', '=', keyValue).execute();
  await db
    .insertInto('syncerUser')
    .values({ syncer, keyValue, ...state, updatedTime: new Date().toISOString() })
    .execute();
}

/** Forgets a syncer's rows (it was deleted) or moves them to its new name. */
export async function forgetStates(db: Db, syncer: string): Promise<void> {
  await db.deleteFrom('syncerUser').where('syncer', '=', syncer).execute();
}

export async function renameStates(db: Db, syncer: string, next: string): Promise<void> {
  await db.updateTable('syncerUser').set({ syncer: next }).where('syncer', '=', syncer).execute();
}
