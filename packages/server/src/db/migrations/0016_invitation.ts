import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Invitations to sign up. Besides the list indexes, a sign-up looks its code up
 * within the organization (owner, code, name) and (owner, defaultCode).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'invitation', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['updatedTime', 'str', 64],
    ['displayName', 'str', 255],
    ['code', 'str', 100],
    ['defaultCode', 'str', 100],
    ['quota', 'int'],
    ['usedCount', 'int'],
    ['application', 'str', 100],
    ['username', 'str', 100],
    ['email', 'str', 255],
    ['phone', 'str', 100],
    ['signupGroup', 'str', 100],
    ['state', 'str', 20],
    ['tag', 'str', 100],
  ]).execute();
  await createListIndexes(
    db,
    'invitation',
    ['name', 'createdTime', 'updatedTime', 'displayName', 'code', 'quota', 'usedCount', 'application', 'state'],
    'owner',
  );
  await db.schema.createIndex('invitation_owner_default_code_idx').on('invitation').columns(['owner', 'defaultCode']).execute();
}
