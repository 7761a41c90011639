import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Resources: one row per stored file. The name is the file's path in its
 * storage, up to 255 characters so that the list indexes (column, owner, name) stay within
 * MySQL's key length.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'resource', [
    ['owner', 'str', 100],
    ['name', 'str', 255],
    ['createdTime', 'str', 64],
    ['user', 'str', 100],
    ['provider', 'str', 100],
    ['providerOwner', 'str', 100],
    ['application', 'str', 100],
    ['tag', 'str', 100],
    ['parent', 'str', 100],
    ['fileName', 'str', 255],
    ['fileType', 'str', 100],
    ['fileFormat', 'str', 100],
    ['fileSize', 'bigint'],
    ['url', 'str', 1000],
    ['description', 'str', 1000],
  ]).execute();
  await createListIndexes(
    db,
    'resource',
    ['name', 'createdTime', 'user', 'provider', 'application', 'tag', 'parent', 'fileType', 'fileFormat', 'fileSize'],
    'owner',
  );
}
