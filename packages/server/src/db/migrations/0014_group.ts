import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Groups of an organization's users. The list index (owner, parentId, name) also
 * serves the tree and the subgroup checks, which read the groups under one parent.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'group', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['updatedTime', 'str', 64],
    ['displayName', 'str', 255],
    ['type', 'str', 20],
    ['parentId', 'str', 100],
    ['isTopGroup', 'bool'],
    ['isEnabled', 'bool'],
    ['haveChildren', 'bool'],
  ]).execute();
  await createListIndexes(
    db,
    'group',
    ['name', 'createdTime', 'updatedTime', 'displayName', 'type', 'parentId', 'isTopGroup', 'isEnabled'],
    'owner',
  );
}
