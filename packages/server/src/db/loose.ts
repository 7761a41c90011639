import type { Kysely } from 'kysely';
import type { Db } from './database.js';
import type { DB } from './schema.js';

/**
 * Tables seen as generic code sees them: any table by name, columns by name. For code that names
 * tables through definitions (the repository and lists every entity shares, the organization-wide
 * cascade, migrations, which describe the schema of their own time); everything else queries the
 * typed `Db` (schema.ts).
 */
export type AnyTables = { [table: string]: { [column: string]: unknown } };
export type LooseDb = Kysely<DB & AnyTables>;

/** The same connection or transaction, seen table by table through names held in definitions. */
export function loose(db: Db): LooseDb {
  return db.withTables<AnyTables>();
}
