import { sql } from 'kysely';
import { columnTypes, createListIndexes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Audit records, numbered by the database as Casdoor numbers them: `id` is an
 * auto-incremented primary key, the name (a random id) is unique with the owner. An index per
 * sortable column, for all organizations and for one. And an index for the sessions view, which
 * groups the session rows by user and application.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  let table = db.schema
    .createTable('record')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  const columns: [string, ReturnType<typeof t.str>][] = [
    ['owner', t.str(100)],
    ['name', t.str(100)],
    ['createdTime', t.str(64)],
    ['organization', t.str(100)],
    ['clientIp', t.str(100)],
    ['user', t.str(100)],
    ['method', t.str(100)],
    ['requestUri', t.str(1000)],
    ['action', t.str(255)],
    ['language', t.str(100)],
    ['object', t.text()],
    ['response', t.str(2000)],
    ['statusCode', t.int()],
    ['isTriggered', t.bool()],
  ];
  for (const [name, type] of columns) {
    table = table.addColumn(name, type, (c) => (name === 'owner' || name === 'name' ? c.notNull() : c));
  }
  if (dialect === 'mysql') table = table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`);
  await table.execute();
  await db.schema.createIndex('record_owner_name_key').on('record').columns(['owner', 'name']).unique().execute();
  await createListIndexes(
    db,
    'record',
    ['id', 'name', 'createdTime', 'organization', 'clientIp', 'user', 'method', 'action', 'statusCode'],
    'organization',
  );
  await db.schema
    .createIndex('auth_session_view_idx')
    .on('authSession')
    .columns(['owner', 'name', 'application', 'createdTime'])
    .execute();
}
