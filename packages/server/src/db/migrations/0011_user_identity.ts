import { createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Accounts of OAuth identity providers linked to users (auth/identities.ts): one row per user and
 * provider, keyed by the provider's id of the person (`subject`) within the organization, so that
 * an identity signs in to one user only. Casdoor keeps these in one column per provider type on
 * the user; a table keeps any number of providers without schema changes.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'userIdentity',
    [
      ['owner', 'str', 100],
      ['providerName', 'str', 100],
      ['subject', 'str', 255],
      ['user', 'str', 100],
      ['providerType', 'str', 100],
      ['username', 'str', 255],
      ['displayName', 'str', 255],
      ['email', 'str', 255],
      ['avatar', 'str', 2000],
      ['createdTime', 'str', 64],
    ],
    ['owner', 'providerName', 'subject'],
  ).execute();
  await db.schema.createIndex('user_identity_user_idx').on('userIdentity').columns(['owner', 'user', 'providerName']).execute();
}
