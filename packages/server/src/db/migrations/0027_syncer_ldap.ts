import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * LDAP syncers (entities/src/syncer-ldap.ts): the directory's TLS switches, as an LDAP server has
 * them (LDAPS or StartTLS; self-signed certificates allowed or not), and room for what an LDAP
 * syncer keeps in the syncer's own fields: the bind DN (user), the base DN (database) and the search
 * filter (table), 255 characters (these columns are indexed: MySQL indexes varchar(255), not text).
 * SQLite does not bound varchar lengths, so only PostgreSQL and MySQL change them.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('syncer').addColumn('enableSsl', t.bool()).execute();
  await db.schema.alterTable('syncer').addColumn('allowSelfSignedCert', t.bool()).execute();
  for (const column of ['user', 'database', 'table']) {
    if (dialect === 'postgres') {
      await db.schema
        .alterTable('syncer')
        .alterColumn(column, (c) => c.setDataType(t.str(255)))
        .execute();
    } else if (dialect === 'mysql') {
      await db.schema.alterTable('syncer').modifyColumn(column, t.str(255)).execute();
    }
  }
}
