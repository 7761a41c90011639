import { createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * CAS tickets (protocols/cas/tickets.ts): service tickets (ST-), proxy tickets (PT-) and
 * proxy-granting tickets (PGT-), kept by the SHA-256 of the ticket so that a database reader cannot
 * redeem them. Service and proxy tickets are single use (isUsed is claimed atomically) and short
 * lived; a proxy-granting ticket lives as long as the single sign-on session it came from.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'casTicket',
    [
      ['id', 'str', 64],
      ['kind', 'str', 10],
      ['organization', 'str', 100],
      ['application', 'str', 100],
      ['user', 'str', 100],
      ['service', 'str', 2000],
      ['proxyUrl', 'str', 2000],
      ['proxies', 'text'],
      ['sessionId', 'str', 64],
      ['fresh', 'bool'],
      ['authTime', 'str', 64],
      ['createdTime', 'str', 64],
      ['expiresTime', 'str', 64],
      ['isUsed', 'bool'],
    ],
    ['id'],
  ).execute();
  await db.schema.createIndex('cas_ticket_expires_idx').on('casTicket').column('expiresTime').execute();
}
