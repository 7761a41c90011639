import type { MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Two of the token table's indexes that no query uses (docs/performance.md): every token is owned by
 * `admin` (the definition's fixedOwner, and every query on the table says owner = 'admin'), so an
 * index ordered by (x, owner, name) orders the rows as (x, name) does, and one of each such pair is
 * the other's copy, maintained in every token's insert for nothing:
 *
 * - `token_name_idx` (name, owner): the primary key (owner, name) serves the list sorted by name.
 * - `token_organization_idx` (organization, owner, name): `token_organization_name_idx`
 *   (organization, name) serves the lists of one organization sorted by name and the list of every
 *   organization sorted by organization, and the organization's renames and deletes.
 *
 * Every other index has its query: the hashes and the code (a token by its access or refresh
 * token, a code's redemption), the family (a reused refresh chain's revocation), organization and
 * user (a user's tokens revoked), and each sortable column's list orders.
 */
export const UNUSED_TOKEN_INDEXES = ['token_name_idx', 'token_organization_idx'] as const;

export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  for (const index of UNUSED_TOKEN_INDEXES) {
    // MySQL names an index within its table; PostgreSQL and SQLite within the schema.
    const drop = db.schema.dropIndex(index);
    await (dialect === 'mysql' ? drop.on('token') : drop).execute();
  }
}
