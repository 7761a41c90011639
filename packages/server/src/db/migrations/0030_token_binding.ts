import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * What a token must remember of how it was obtained (issue 26): how the user proved who they are
 * (the ID token's amr, on the token and on the session that may stand in later) and whether the
 * client authenticated with its secret (its refresh then needs the secret too), the same for a
 * device authorization and who approved it when; and the certs an
 * application signed with before its current one, which its key set keeps until their tokens expire.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('token').addColumn('authMethods', t.str(100)).execute();
  await db.schema.alterTable('token').addColumn('clientAuthenticated', t.bool()).execute();
  await db.schema.alterTable('authSession').addColumn('authMethods', t.str(100)).execute();
  // A device authorization: whether it was started with the secret, and how its approver signed in.
  await db.schema.alterTable('deviceAuth').addColumn('clientAuthenticated', t.bool()).execute();
  await db.schema.alterTable('deviceAuth').addColumn('authTime', t.str(64)).execute();
  await db.schema.alterTable('deviceAuth').addColumn('authMethods', t.str(100)).execute();
  await db.schema.alterTable('application').addColumn('retiredCerts', t.text()).execute();
}
