import { createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Values used once (db/used-once.ts): SAML assertions accepted by this server as a service
 * provider, nonces of Web3 sign-ins spent. A row is the SHA-256 (hex) of a namespaced key, kept
 * until the value could no longer be accepted anyway (expired rows are purged in the background).
 * In the database so that every instance of a cluster refuses a value another instance accepted.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'usedOnce',
    [
      ['id', 'str', 64],
      ['createdTime', 'str', 64],
      ['expiresTime', 'str', 64],
    ],
    ['id'],
  ).execute();
  await db.schema.createIndex('used_once_expires_idx').on('usedOnce').column('expiresTime').execute();
}
