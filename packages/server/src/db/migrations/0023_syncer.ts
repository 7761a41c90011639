import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Syncers and what their runs keep: `syncerUser`, per syncer and key value,
 * the hashes of the hashed columns as of the last sync on the external side (`hash`) and on the
 * user's (`localHash`) (Casdoor keeps one preHash on the user), and whether the row has gone
 * (`removed`); and `jobLease`, one row per scheduled job (a
 * syncer's runs) holding who runs it until when and when it is next due, so that several instances
 * over one database run each sync once.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'syncer', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['organization', 'str', 100],
    ['type', 'str', 100],
    ['databaseType', 'str', 100],
    ['sslMode', 'str', 100],
    ['host', 'str', 100],
    ['port', 'int'],
    ['user', 'str', 100],
    ['password', 'str', 150],
    ['database', 'str', 100],
    ['sshType', 'str', 100],
    ['sshHost', 'str', 100],
    ['sshPort', 'int'],
    ['sshUser', 'str', 100],
    ['sshPassword', 'str', 150],
    ['cert', 'str', 100],
    ['table', 'str', 100],
    ['tableColumns', 'text'],
    ['affiliationTable', 'str', 100],
    ['avatarBaseUrl', 'str', 1000],
    ['syncInterval', 'int'],
    ['errorText', 'text'],
    ['isReadOnly', 'bool'],
    ['isEnabled', 'bool'],
    ['syncStatus', 'text'],
  ]).execute();
  await createListIndexes(
    db,
    'syncer',
    [
      'name',
      'createdTime',
      'organization',
      'type',
      'databaseType',
      'host',
      'port',
      'user',
      'database',
      'table',
      'syncInterval',
      'isEnabled',
    ],
    'organization',
  );

  await createTable(
    db,
    dialect,
    'syncerUser',
    [
      ['syncer', 'str', 100],
      ['keyValue', 'str', 255],
      ['hash', 'str', 64],
      ['localHash', 'str', 64],
      ['removed', 'bool'],
      ['updatedTime', 'str', 64],
    ],
    ['syncer', 'keyValue'],
  ).execute();

  await createTable(
    db,
    dialect,
    'jobLease',
    [
      ['id', 'str', 200],
      ['holder', 'str', 100],
      ['expiresTime', 'str', 64],
      ['nextRunTime', 'str', 64],
    ],
    ['id'],
  ).execute();
}
