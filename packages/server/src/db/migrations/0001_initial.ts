import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * The foundation tables: organization, user, application, cert and the sign-in sessions.
 * Column names are camelCase here and snake_case in the database (CamelCasePlugin).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'organization', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 255],
    ['logo', 'str', 2000],
    ['logoDark', 'str', 2000],
    ['enableDarkLogo', 'bool'],
    ['favicon', 'str', 2000],
    ['websiteUrl', 'str', 255],
    ['hasPrivilegeConsent', 'bool'],
    ['passwordType', 'str', 100],
    ['passwordSalt', 'str', 100],
    ['passwordOptions', 'text'],
    ['passwordObfuscatorType', 'str', 100],
    ['passwordObfuscatorKey', 'str', 200],
    ['passwordExpireDays', 'int'],
    ['countryCodes', 'text'],
    ['languages', 'text'],
    ['defaultAvatar', 'str', 2000],
    ['defaultApplication', 'str', 100],
    ['userTypes', 'text'],
    ['tags', 'text'],
    ['masterPassword', 'str', 200],
    ['defaultPassword', 'str', 200],
    ['masterVerificationCode', 'str', 100],
    ['ipWhitelist', 'str', 2000],
    ['initScore', 'int'],
    ['enableSoftDeletion', 'bool'],
    ['isProfilePublic', 'bool'],
    ['useEmailAsUsername', 'bool'],
    ['enableTour', 'bool'],
    ['navItems', 'text'],
    ['widgetItems', 'text'],
    ['accountItems', 'text'],
    ['mfaItems', 'text'],
    ['themeData', 'text'],
  ]).execute();
  // owner is always admin: one index per column serves every organization list.
  await createListIndexes(db, 'organization', [
    'name',
    'createdTime',
    'displayName',
    'websiteUrl',
    'passwordType',
    'passwordSalt',
    'enableSoftDeletion',
  ]);

  await createTable(db, dialect, 'user', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['updatedTime', 'str', 64],
    ['id', 'str', 100],
    ['type', 'str', 100],
    ['password', 'str', 500],
    ['passwordSalt', 'str', 100],
    ['passwordType', 'str', 100],
    ['displayName', 'str', 255],
    ['firstName', 'str', 100],
    ['lastName', 'str', 100],
    ['avatar', 'str', 2000],
    ['email', 'str', 255],
    ['emailVerified', 'bool'],
    ['phone', 'str', 100],
    ['countryCode', 'str', 10],
    ['region', 'str', 100],
    ['location', 'str', 255],
    ['address', 'text'],
    ['affiliation', 'str', 255],
    ['title', 'str', 255],
    ['homepage', 'str', 2000],
    ['bio', 'str', 2000],
    ['tag', 'str', 100],
    ['language', 'str', 100],
    ['gender', 'str', 100],
    ['birthday', 'str', 100],
    ['education', 'str', 100],
    ['score', 'int'],
    ['karma', 'int'],
    ['ranking', 'int'],
    ['signupApplication', 'str', 100],
    ['isAdmin', 'bool'],
    ['isForbidden', 'bool'],
    ['isDeleted', 'bool'],
    ['deletedTime', 'str', 64],
    ['needUpdatePassword', 'bool'],
    ['lastChangePasswordTime', 'str', 64],
    ['ipWhitelist', 'str', 2000],
    ['groups', 'text'],
    ['properties', 'text'],
  ]).execute();
  await db.schema.createIndex('user_id_key').unique().on('user').column('id').execute();
  // The primary key (owner, name) serves the name order within an organization.
  await createListIndexes(
    db,
    'user',
    ['name', 'createdTime', 'displayName', 'email', 'phone', 'affiliation', 'tag', 'isAdmin', 'isForbidden', 'isDeleted'],
    'owner',
  );

  await createTable(db, dialect, 'application', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 255],
    ['logo', 'str', 2000],
    ['homepageUrl', 'str', 2000],
    ['description', 'str', 2000],
    ['organization', 'str', 100],
    ['cert', 'str', 100],
    ['clientId', 'str', 100],
    ['clientSecret', 'str', 200],
    ['redirectUris', 'text'],
    ['tokenFormat', 'str', 100],
    ['expireInHours', 'int'],
    ['refreshExpireInHours', 'int'],
    ['grantTypes', 'text'],
    ['enablePassword', 'bool'],
    ['enableSignUp', 'bool'],
    ['formOffset', 'int'],
  ]).execute();
  await db.schema.createIndex('application_client_id_key').unique().on('application').column('clientId').execute();
  await createListIndexes(db, 'application', ['name', 'createdTime', 'displayName', 'organization', 'clientId'], 'organization');

  await createTable(db, dialect, 'cert', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 255],
    ['scope', 'str', 100],
    ['type', 'str', 100],
    ['cryptoAlgorithm', 'str', 100],
    ['bitSize', 'int'],
    ['expireInYears', 'int'],
    ['certificate', 'text'],
    ['privateKey', 'text'],
  ]).execute();
  await createListIndexes(db, 'cert', ['name', 'createdTime', 'displayName', 'scope', 'type', 'cryptoAlgorithm'], 'owner');

  // Sign-in sessions: the cookie carries a random token; only its SHA-256 is stored.
  await createTable(
    db,
    dialect,
    'authSession',
    [
      ['id', 'str', 64],
      ['owner', 'str', 100],
      ['name', 'str', 100],
      ['application', 'str', 100],
      ['createdTime', 'str', 64],
      ['expiresTime', 'str', 64],
      ['remoteAddr', 'str', 100],
      ['userAgent', 'str', 500],
    ],
    ['id'],
  ).execute();
  await db.schema.createIndex('auth_session_user_idx').on('authSession').columns(['owner', 'name']).execute();
  await db.schema.createIndex('auth_session_expires_idx').on('authSession').column('expiresTime').execute();
}
