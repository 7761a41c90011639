import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * The rest of the user's own account: identity-card details, API keys, accounts of other
 * applications the user keeps here (managed accounts), one-time-password accounts (MFA accounts)
 * and face IDs. Existing users start with none.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const columns = [
    ['idCardType', t.str(100)],
    ['idCard', t.str(100)],
    ['realName', t.str(100)],
    ['accessKey', t.str(100)],
    ['accessSecret', t.str(100)],
    ['managedAccounts', t.text()],
    ['mfaAccounts', t.text()],
    ['faceIds', t.text()],
  ] as const;
  for (const [name, type] of columns) await db.schema.alterTable('user').addColumn(name, type).execute();
  // Calls signed with a key pair find their user by the key.
  await db.schema.createIndex('user_access_key_idx').on('user').column('accessKey').execute();
}
