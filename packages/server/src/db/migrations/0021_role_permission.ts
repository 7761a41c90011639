import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Roles and permissions. Their member lists (users, groups, roles) and
 * resources are JSON text, as Casdoor stores them; the list indexes serve the sortable columns, and
 * (owner, submitter, name) also serves a member's own permissions (get-permissions-by-submitter).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'role', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['description', 'str', 1000],
    ['users', 'text'],
    ['groups', 'text'],
    ['roles', 'text'],
    ['domains', 'text'],
    ['isEnabled', 'bool'],
  ]).execute();
  await createListIndexes(db, 'role', ['name', 'createdTime', 'displayName', 'isEnabled'], 'owner');

  await createTable(db, dialect, 'permission', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['description', 'str', 1000],
    ['model', 'str', 100],
    ['adapter', 'str', 100],
    ['users', 'text'],
    ['groups', 'text'],
    ['roles', 'text'],
    ['domains', 'text'],
    ['resourceType', 'str', 20],
    ['resources', 'text'],
    ['actions', 'text'],
    ['effect', 'str', 20],
    ['isEnabled', 'bool'],
    ['submitter', 'str', 100],
    ['approver', 'str', 100],
    ['approveTime', 'str', 64],
    ['state', 'str', 20],
  ]).execute();
  await createListIndexes(
    db,
    'permission',
    [
      'name',
      'createdTime',
      'displayName',
      'model',
      'adapter',
      'resourceType',
      'effect',
      'isEnabled',
      'submitter',
      'approver',
      'approveTime',
      'state',
    ],
    'owner',
  );
}
