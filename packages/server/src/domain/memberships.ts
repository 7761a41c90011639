import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';

/**
 * Users' group memberships (the `userGroup` table), kept equal to each user's `groups` list by the
 * user domain, so that a group's users are found through an index.
 */

interface UserKey {
  owner: string;
  name: string;
}

/** Makes the memberships of a user those of `groups`. */
export async function replaceMemberships(trx: Db, user: UserKey, groups: readonly string[]): Promise<void> {
  await trx.deleteFrom('userGroup').where('owner', '=', user.owner).where('name', '=', user.name).execute();
  const ids = [...new Set(groups)];
  if (ids.length > 0) {
    await trx
      .insertInto('userGroup')
      .values(ids.map((groupId) => ({ owner: user.owner, name: user.name, groupId })))
      .execute();
  }
}

export async function renameMemberships(trx: Db, before: UserKey, after: UserKey): Promise<void> {
  await trx
    .updateTable('userGroup')
    .set({ owner: after.owner, name: after.name })
    .where('owner', '=', before.owner)
    .where('name', '=', before.name)
    .execute();
}

/** The members of a group (by id, owner/name), at most `limit`. */
export async function membersOf(trx: Db, groupId: string, limit?: number): Promise<UserKey[]> {
  let q = trx.selectFrom('userGroup').select(['owner', 'name']).where('groupId', '=', groupId).orderBy('owner').orderBy('name');
  if (limit !== undefined) q = q.limit(limit);
  return q.execute();
}

/**
 * A user belongs to at most one Physical group: the groups named in `groups` that
 * are Physical, counted in the database.
 */
export async function refuseSecondPhysicalGroup(trx: Db, groups: readonly string[]): Promise<void> {
  const keys = [...new Set(groups)]
    .map((id) => {
      const slash = id.indexOf('/');
      return slash > 0 ? { owner: id.slice(0, slash), name: id.slice(slash + 1) } : null;
    })
    .filter((key): key is UserKey => key !== null);
  if (keys.length < 2) return;
  const physical = await trx
    .selectFrom('group')
    .select('name')
    .where('type', '=', 'Physical')
    .where((eb) => eb.or(keys.map((key) => eb.and([eb('owner', '=', key.owner), eb('name', '=', key.name)]))))
    .limit(2)
    .execute();
  if (physical.length > 1) throw new AppError('onlyOnePhysicalGroup');
}
