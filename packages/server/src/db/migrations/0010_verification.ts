import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Verification codes: one row per code sent. Besides the list indexes, the
 * checks read the latest code of a receiver (receiver, owner, createdTime) and count the codes
 * sent from an address within the last hour (remoteAddr, createdTime).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'verification', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['type', 'str', 10],
    ['user', 'str', 255],
    ['provider', 'str', 100],
    ['remoteAddr', 'str', 100],
    ['receiver', 'str', 255],
    ['code', 'str', 200],
    ['isUsed', 'bool'],
    ['method', 'str', 20],
    ['expireTime', 'str', 64],
    ['wrongTimes', 'int'],
    ['grantHash', 'str', 64],
    ['grantExpireTime', 'str', 64],
  ]).execute();
  await createListIndexes(
    db,
    'verification',
    ['name', 'createdTime', 'type', 'user', 'provider', 'remoteAddr', 'receiver', 'isUsed'],
    'owner',
  );
  await db.schema
    .createIndex('verification_receiver_latest_idx')
    .on('verification')
    .columns(['receiver', 'owner', 'createdTime'])
    .execute();
  await db.schema
    .createIndex('verification_remote_addr_time_idx')
    .on('verification')
    .columns(['remoteAddr', 'createdTime'])
    .execute();
}
