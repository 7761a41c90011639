import type { User } from '@gatehouse/entities';
import type { ExternalRow } from '../../integrations/database/external-db.js';

/**
 * The external side of a run, whatever it is (a table of a database: table-side.ts; a directory:
 * directory-side.ts): its rows, read before any user changes, and how users are written back to
 * it. The engine (run.ts) is the same for every side.
 */
export interface SyncSide {
  /** Every row: a table's rows, or a directory's entries as rows of attribute values. */
  rows: ExternalRow[];
  /** The affiliation table's names by id, when the syncer names one. */
  affiliations: Map<string, string> | null;
  /** The rows are directory entries (messages name entries by DN). */
  directory: boolean;
  /** How users are written back; null when the side is never written (a directory, a read-only syncer). */
  writer: RowWriter | null;
  close: () => Promise<void>;
}

export interface RowWriter {
  /** Writes a user as a new row, answering the values written; null when the side takes no new rows (Keycloak's table). */
  insert: ((user: User) => Promise<ExternalRow>) | null;
  /** Writes a user over its row (`key` as the engine matched it), answering the row as it now is. */
  update: (user: User, row: ExternalRow, key: string) => Promise<ExternalRow>;
}
