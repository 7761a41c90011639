import { columnTypes, createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * LDAP servers of an organization, keyed by owner and a generated id
 * (Casdoor's ldap table is keyed by id), with the list indexes of their organization's table; the
 * users' `ldap` column (the uuid of the directory entry a user was synced from), looked up by
 * organization and uuid when the sync page asks which entries are synced already. The auto sync
 * runs under the job leases of migration 0023.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'ldap',
    [
      ['owner', 'str', 100],
      ['id', 'str', 100],
      ['createdTime', 'str', 64],
      ['serverName', 'str', 100],
      ['host', 'str', 255],
      ['port', 'int'],
      ['enableSsl', 'bool'],
      ['allowSelfSignedCert', 'bool'],
      ['baseDn', 'str', 500],
      ['filter', 'str', 500],
      ['filterFields', 'text'],
      ['username', 'str', 500],
      ['password', 'str', 500],
      ['passwordType', 'str', 20],
      ['defaultGroup', 'str', 201],
      ['usernameAttribute', 'str', 20],
      ['autoSync', 'int'],
      ['lastSync', 'str', 64],
    ],
    ['owner', 'id'],
  ).execute();
  await createListIndexes(db, 'ldap', ['id', 'createdTime', 'serverName', 'host'], 'owner', 'id');
  // The auto sync looks for the servers that sync (autoSync > 0) across every organization.
  await db.schema.createIndex('ldap_auto_sync_idx').on('ldap').columns(['autoSync', 'owner', 'id']).execute();

  const t = columnTypes(dialect);
  await db.schema.alterTable('user').addColumn('ldap', t.str(100)).execute();
  await db.schema.createIndex('user_owner_ldap_idx').on('user').columns(['owner', 'ldap']).execute();
}
