import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * OAuth 2.0 / OpenID Connect: issued tokens (the Token entity), pending device authorizations,
 * and failed sign-in counters (kept per organization and login name, whether or not such a user
 * exists, so that the answers do not reveal which accounts exist).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'token', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['application', 'str', 100],
    ['organization', 'str', 100],
    ['user', 'str', 100],
    ['code', 'str', 100],
    ['accessToken', 'text'],
    ['expiresIn', 'int'],
    ['scope', 'str', 2000],
    ['tokenType', 'str', 100],
    ['accessTokenHash', 'str', 64],
    ['refreshTokenHash', 'str', 64],
    ['refreshExpireTime', 'str', 64],
    ['codeChallenge', 'str', 200],
    ['codeExpireTime', 'str', 64],
    ['codeIsUsed', 'bool'],
    ['redirectUri', 'str', 2000],
    ['nonce', 'str', 500],
    ['family', 'str', 100],
    ['isRotated', 'bool'],
    ['isRevoked', 'bool'],
    ['authTime', 'bigint'],
  ]).execute();
  await db.schema.createIndex('token_access_token_hash_key').on('token').column('accessTokenHash').execute();
  await db.schema.createIndex('token_refresh_token_hash_key').on('token').column('refreshTokenHash').execute();
  await db.schema.createIndex('token_code_key').on('token').column('code').execute();
  await db.schema.createIndex('token_family_idx').on('token').column('family').execute();
  // scope is long text on MySQL (not indexable there); it stays searchable by scan.
  await createListIndexes(
    db,
    'token',
    ['name', 'createdTime', 'application', 'organization', 'user', 'expiresIn'],
    'organization',
  );

  await createTable(
    db,
    dialect,
    'deviceAuth',
    [
      ['deviceCodeHash', 'str', 64],
      ['userCode', 'str', 20],
      ['clientId', 'str', 100],
      ['scope', 'str', 2000],
      ['createdTime', 'str', 64],
      ['expiresTime', 'str', 64],
      ['interval', 'int'],
      ['lastPollTime', 'str', 64],
      ['state', 'str', 20],
      ['owner', 'str', 100],
      ['name', 'str', 100],
    ],
    ['deviceCodeHash'],
  ).execute();
  await db.schema.createIndex('device_auth_user_code_key').unique().on('deviceAuth').column('userCode').execute();

  await createTable(
    db,
    dialect,
    'signinFailure',
    [
      ['owner', 'str', 100],
      ['name', 'str', 255],
      ['wrongTimes', 'int'],
      ['lastWrongTime', 'str', 64],
    ],
    ['owner', 'name'],
  ).execute();
}
