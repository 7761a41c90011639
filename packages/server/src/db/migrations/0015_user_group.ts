import { createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Users' group memberships, one row per user and group id (owner/name), kept equal to the users'
 * `groups` lists by the user domain, so that a group's users are read through an index (the tree
 * page, a group's delete check) instead of by scanning every user's list. Filled from the lists
 * already stored.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'userGroup',
    [
      ['owner', 'str', 100],
      ['name', 'str', 100],
      ['groupId', 'str', 201],
    ],
    ['owner', 'name', 'groupId'],
  ).execute();
  await db.schema.createIndex('user_group_group_idx').on('userGroup').columns(['groupId', 'owner', 'name']).execute();

  const members = await db.selectFrom('user').select(['owner', 'name', 'groups']).where('groups', 'not in', ['', '[]']).execute();
  for (const member of members) {
    const parsed: unknown = typeof member.groups === 'string' ? JSON.parse(member.groups || '[]') : [];
    const ids = Array.isArray(parsed) ? [...new Set(parsed.filter((id): id is string => typeof id === 'string'))] : [];
    if (ids.length === 0) continue;
    await db
      .insertInto('userGroup')
      .values(ids.map((groupId) => ({ owner: member.owner, name: member.name, groupId })))
      .execute();
  }
}
