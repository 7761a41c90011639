import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * OAuth consent (protocols/oidc/consent.ts): the scopes an application defines beyond OpenID
 * Connect's (application.customScopes) and the scopes each user granted to each application
 * (user.applicationScopes), both JSON, as Casdoor keeps them.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('application').addColumn('customScopes', t.text()).execute();
  await db.schema.alterTable('user').addColumn('applicationScopes', t.text()).execute();
}
