import { columnTypes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Multi-factor authentication: the user's methods (Casdoor's columns: preferred method, phone and
 * e-mail enabled, the authenticator app's secret, the recovery codes' hashes) and the setup in
 * progress; and the sign-ins waiting for their second step (`mfaChallenge`: the hash of the token
 * in the browser's cookie, the user, the first step's request to continue, until it expires).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const columns: [string, ReturnType<typeof t.str>][] = [
    ['preferredMfaType', t.str(100)],
    ['mfaPhoneEnabled', t.bool()],
    ['mfaEmailEnabled', t.bool()],
    ['totpSecret', t.str(100)],
    ['recoveryCodes', t.text()],
    ['mfaSetup', t.text()],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('user').addColumn(name, type).execute();

  await createTable(
    db,
    dialect,
    'mfaChallenge',
    [
      ['id', 'str', 64],
      ['owner', 'str', 100],
      ['name', 'str', 100],
      ['application', 'str', 100],
      ['verificationType', 'str', 20],
      ['request', 'text'],
      ['createdTime', 'str', 64],
      ['expiresTime', 'str', 64],
    ],
    ['id'],
  ).execute();
  await db.schema.createIndex('mfa_challenge_expires_idx').on('mfaChallenge').column('expiresTime').execute();
}
