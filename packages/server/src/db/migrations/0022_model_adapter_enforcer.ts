import { sql } from 'kysely';
import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Casbin models, adapters and enforcers, and `casbinRule`, the policy rows
 * of the adapters that keep them in this database (one namespace per adapter table).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'model', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['description', 'text'],
    ['modelText', 'text'],
  ]).execute();
  await createListIndexes(db, 'model', ['name', 'createdTime', 'displayName'], 'owner');

  await createTable(db, dialect, 'adapter', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['table', 'str', 100],
    ['useSameDb', 'bool'],
    ['type', 'str', 100],
    ['databaseType', 'str', 100],
    ['host', 'str', 100],
    ['port', 'int'],
    ['user', 'str', 100],
    ['password', 'str', 150],
    ['database', 'str', 100],
  ]).execute();
  await createListIndexes(
    db,
    'adapter',
    ['name', 'createdTime', 'table', 'useSameDb', 'type', 'databaseType', 'host', 'user', 'database'],
    'owner',
  );

  await createTable(db, dialect, 'enforcer', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['updatedTime', 'str', 64],
    ['displayName', 'str', 100],
    ['description', 'text'],
    ['model', 'str', 201],
    ['adapter', 'str', 201],
  ]).execute();
  await createListIndexes(db, 'enforcer', ['name', 'createdTime', 'updatedTime', 'displayName', 'model', 'adapter'], 'owner');

  const id = dialect === 'postgres' ? 'bigserial' : dialect === 'mysql' ? 'bigint' : 'integer';
  let table = db.schema
    .createTable('casbinRule')
    .addColumn('id', sql.raw(id), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('tableName', 'varchar(100)', (c) => c.notNull())
    .addColumn('ptype', 'varchar(100)', (c) => c.notNull());
  for (const v of ['v0', 'v1', 'v2', 'v3', 'v4', 'v5'])
    table = table.addColumn(v, 'varchar(255)', (c) => c.notNull().defaultTo(''));
  if (dialect === 'mysql') table = table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`);
  await table.execute();
  // Loading one adapter's rows, one ptype's, and one permission's (by v5, the filtered load).
  await db.schema.createIndex('casbin_rule_table_ptype_idx').on('casbinRule').columns(['tableName', 'ptype', 'id']).execute();
  await db.schema.createIndex('casbin_rule_table_v5_idx').on('casbinRule').columns(['tableName', 'v5']).execute();
  await db.schema.createIndex('casbin_rule_table_v0_idx').on('casbinRule').columns(['tableName', 'v0']).execute();
}
