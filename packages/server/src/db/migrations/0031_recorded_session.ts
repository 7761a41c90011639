import { createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Session ids an application records through add-session and update-session (Casdoor's Session
 * holds the ids of its own browser sessions; an application records its own to find duplicates).
 * They are kept apart from the server's sign-in sessions (`authSession`, whose id is the SHA-256
 * of a cookie's token), so that no id given through the API ever signs anyone in.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'recordedSession',
    [
      ['owner', 'str', 100],
      ['name', 'str', 100],
      ['application', 'str', 100],
      ['sessionId', 'str', 100],
      ['createdTime', 'str', 64],
    ],
    ['owner', 'name', 'application', 'sessionId'],
  ).execute();
}
