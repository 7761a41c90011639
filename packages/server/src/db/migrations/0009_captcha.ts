import { createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Challenges of the built-in image captcha (integrations/captcha/store.ts). They live in the
 * database so that any instance of a cluster can check the answer to an image another instance
 * drew. Only a hash of the answer is kept; a challenge is deleted by its first check (single use)
 * and expires after a few minutes (expired rows are purged in the background).
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'captcha',
    [
      ['id', 'str', 64],
      ['answerHash', 'str', 64],
      ['createdTime', 'str', 64],
      ['expiresTime', 'str', 64],
    ],
    ['id'],
  ).execute();
  await db.schema.createIndex('captcha_expires_idx').on('captcha').column('expiresTime').execute();
}
