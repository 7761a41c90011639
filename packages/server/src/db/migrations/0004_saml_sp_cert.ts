import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/** SAML: the SP's signing certificate of an application (AuthnRequests must be signed when it is set). */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('application').addColumn('samlSpCert', columnTypes(dialect).text()).execute();
}
