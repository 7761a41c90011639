import type { Syncer } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { type Mapping, resolveColumns, rowValuesOf } from './mapping.js';
import type { RowWriter, SyncSide } from './side.js';
import { asSyncError, insertRow, openSource, readAffiliations, readRows, type SyncerSource, updateRow } from './source.js';

/**
 * A table of an external database as the side of a run (types Database and Keycloak): the mapped
 * columns checked against the table (case-blind, PostgreSQL folds names), every row and the
 * affiliation table read, and, unless the syncer is read-only, users written back by the table's
 * own column names (new rows too, but never into Keycloak's table, whose rows need Keycloak's own
 * state).
 */
export async function openTableSide(server: ServerContext, syncer: Syncer, mapping: Mapping): Promise<SyncSide> {
  const source = await openSource(server, syncer);
  try {
    const { names, missing } = resolveColumns(mapping, await source.db.columns(syncer.table));
    if (missing[0] !== undefined) throw new AppError('syncerColumnMissing', { column: missing[0], table: syncer.table });
    const rows = await readRows(source, syncer.table);
    const affiliations = syncer.affiliationTable ? await readAffiliations(source, syncer.affiliationTable) : null;
    const writer = syncer.isReadOnly ? null : tableWriter(source, syncer.table, mapping, names);
    return { rows, affiliations, directory: false, writer, close: source.close };
  } catch (error) {
    await source.close();
    throw asSyncError(error);
  }
}

function tableWriter(source: SyncerSource, table: string, mapping: Mapping, names: ReadonlyMap<string, string>): RowWriter {
  const booleans = source.db.dialect === 'postgres';
  return {
    insert: mapping.isKeycloak
      ? null
      : async (user) => {
          const written = rowValuesOf(mapping, user, names, booleans);
          await insertRow(source, table, written);
          return written;
        },
    update: async (user, row, key) => {
      const written = rowValuesOf(mapping, user, names, booleans);
      const [keyPart = ''] = mapping.key.parts;
      const keyColumn = names.get(keyPart.toLowerCase()) ?? keyPart;
      // The key as the table stores it (a number stays a number), else as text.
      const stored = row[keyColumn];
      const keyValue = typeof stored === 'string' || typeof stored === 'number' ? stored : key;
      await updateRow(source, table, keyColumn, keyValue, written);
      return { ...row, ...written };
    },
  };
}
