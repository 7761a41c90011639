import { sql } from 'kysely';
import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * What a token must remember of how it was obtained (issue 26): how the user proved who they are
 * (the ID token's amr, on the token and on the session that may stand in later) and whether the
 * client authenticated with its secret (its refresh then needs the secret too), the same for a
 * device authorization and who approved it when; and the certs an application signed with before
 * its current one, which its key set keeps until their tokens expire.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const columns: Record<string, [string, ReturnType<typeof t.str>][]> = {
    token: [
      ['authMethods', t.str(100)],
      ['clientAuthenticated', t.bool()],
    ],
    authSession: [['authMethods', t.str(100)]],
    deviceAuth: [
      ['clientAuthenticated', t.bool()],
      ['authTime', t.str(64)],
      ['authMethods', t.str(100)],
    ],
    application: [['retiredCerts', t.text()]],
  };
  for (const [table, added] of Object.entries(columns)) {
    if (dialect === 'sqlite') {
      // SQLite adds one column per statement (and cheaply).
      for (const [name, type] of added) await db.schema.alterTable(table).addColumn(name, type).execute();
    } else {
      // One statement per table: MariaDB may copy the table for each ALTER.
      const list = sql.join(added.map(([name, type]) => sql`add column ${sql.ref(name)} ${type}`));
      await sql`alter table ${sql.table(table)} ${list}`.execute(db);
    }
  }
}
