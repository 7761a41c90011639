import { columnTypes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Passkeys (auth/webauthn/): the WebAuthn credentials of each user (user.webauthnCredentials, JSON,
 * as Casdoor keeps them), and the challenges of registrations and sign-ins under way
 * (webauthnChallenge). A challenge is bound to the browser that asked for it (the row's id is the
 * SHA-256 of a token in that browser's cookie), taken by its first use and expires after a few
 * minutes (expired rows are purged in the background); in the database so that any instance of a
 * cluster finishes a ceremony another instance began (and counts the ceremonies each client address
 * began, `client` being a hash of it).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('user').addColumn('webauthnCredentials', t.text()).execute();
  await createTable(
    db,
    dialect,
    'webauthnChallenge',
    [
      ['id', 'str', 64],
      ['purpose', 'str', 20],
      ['challenge', 'str', 200],
      ['owner', 'str', 100],
      ['name', 'str', 100],
      ['client', 'str', 16],
      ['createdTime', 'str', 64],
      ['expiresTime', 'str', 64],
    ],
    ['id'],
  ).execute();
  await db.schema.createIndex('webauthn_challenge_expires_idx').on('webauthnChallenge').column('expiresTime').execute();
}
