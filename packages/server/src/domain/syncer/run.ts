import { emptySyncCounts, type SyncCounts, type Syncer, tableColumnsProblem, type User } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n.js';
import type { ExternalRow } from '../../integrations/database/external-db.js';
import { inTransaction } from '../transaction.js';
import { users } from '../user.js';
import { hashOf, keyOf, type Mapping, mappingOf, resolveColumns, rowValuesOf, userValuesOf } from './mapping.js';
import { asSyncError, insertRow, openSource, readAffiliations, readRows, type SyncerSource, updateRow } from './source.js';
import { loadStates, type RowState, saveState } from './state.js';

/** An external row with the user values it maps to and their hash. */
interface ExternalUser {
  row: ExternalRow;
  values: Record<string, unknown>;
  hash: string;
}

/** Told the counts as the run goes (the syncer's status); `failure` gets each row that failed. */
export interface SyncReporter {
  progress: (counts: SyncCounts) => Promise<void>;
  failure: (message: string) => void;
}

const PAGE = 500;

/**
 * One run of a syncer (Casdoor's syncUsers, object/syncer_sync.go), incremental: each external row
 * is matched to the organization's user with the same key; the hashes of the hashed columns, on
 * both sides, against those of the last run (state.ts) decide what happens:
 * - a row without a user adds one (added); a changed row updates its user (updated; when both
 *   sides changed, the external side wins, as in Casdoor);
 * - a user changed here is written back to its row unless the syncer is read-only (writtenBack);
 * - a user whose row disappeared is reported deleted once (the user stays: a sync never deletes);
 * - a user that never had a row is inserted into the table unless read-only (Casdoor's two-way
 *   sync; not into Keycloak's table, whose rows need Keycloak's own state).
 * Users are written only through the users domain, each with its remembered state in one
 * transaction. Failing to reach or read the table (or a missing column) throws before any user
 * changes; a row that cannot be written is counted as failed and the run goes on.
 */
export async function syncUsers(server: ServerContext, syncer: Syncer, reporter: SyncReporter): Promise<SyncCounts> {
  const mapping = mappingOf(syncer);
  if (!mapping) throw new AppError('syncerColumnsEmpty');
  const problem = tableColumnsProblem(syncer.tableColumns);
  if (problem) throw new AppError(problem.key, problem.params);
  const source = await openSource(server, syncer);
  try {
    const { names, missing } = resolveColumns(mapping, await source.db.columns(syncer.table));
    if (missing[0] !== undefined) throw new AppError('syncerColumnMissing', { column: missing[0], table: syncer.table });
    const rows = await readRows(source, syncer.table);
    const affiliations = syncer.affiliationTable ? await readAffiliations(source, syncer.affiliationTable) : null;
    return await new UserSync(server, syncer, mapping, source, names, reporter).run(rows, affiliations);
  } catch (error) {
    throw asSyncError(error);
  } finally {
    await source.close();
  }
}

class UserSync {
  private readonly counts = emptySyncCounts();
  private readonly seen = new Set<string>();
  private states = new Map<string, RowState>();

  constructor(
    private readonly server: ServerContext,
    private readonly syncer: Syncer,
    private readonly mapping: Mapping,
    private readonly source: SyncerSource,
    private readonly names: ReadonlyMap<string, string>,
    private readonly reporter: SyncReporter,
  ) {}

  async run(rows: ExternalRow[], affiliations: Map<string, string> | null): Promise<SyncCounts> {
    const external = this.externalUsers(rows, affiliations);
    this.counts.read = rows.length;
    this.states = await loadStates(this.server.database.db, this.syncer.name);
    await this.reporter.progress({ ...this.counts });
    const repo = this.server.repo(users.def);
    let after = '';
    for (;;) {
      const page = await this.server.database.db
        .selectFrom('user')
        .selectAll()
        .where('owner', '=', this.syncer.organization)
        .where('name', '>', after)
        .orderBy('name')
        .limit(PAGE)
        .execute();
      for (const row of page) await this.compare(repo.toRecord(row), external);
      const last = page[page.length - 1];
      if (!last || page.length < PAGE) break;
      after = last.name;
      await this.reporter.progress({ ...this.counts });
    }
    for (const [key, user] of external) {
      if (this.seen.has(key)) continue;
      await this.add(key, user);
      if (this.counts.processed % 100 === 0) await this.reporter.progress({ ...this.counts });
    }
    return { ...this.counts };
  }

  /** The rows as users by key; rows without a key, with a taken key or an unknown affiliation fail. */
  private externalUsers(rows: ExternalRow[], affiliations: Map<string, string> | null): Map<string, ExternalUser> {
    const external = new Map<string, ExternalUser>();
    for (const row of rows) {
      const values = userValuesOf(this.mapping, row);
      const score = values.score;
      if (affiliations && typeof score === 'number' && score !== 0) {
        const affiliation = affiliations.get(String(score));
        if (affiliation === undefined) {
          this.fail(new AppError('syncerAffiliationMissing', { id: score }));
          continue;
        }
        values.affiliation = affiliation;
      }
      const key = keyOf(this.mapping, values);
      if (!key) this.fail(new AppError('syncerRowKeyEmpty', { column: this.mapping.key.column.name }));
      else if (external.has(key)) this.fail(new AppError('syncerRowKeyDuplicate', { key }));
      else external.set(key, { row, values, hash: hashOf(this.mapping, values) });
    }
    return external;
  }

  private fail(error: unknown): void {
    this.counts.failed++;
    const e = asSyncError(error);
    this.reporter.failure(translate(e.key, 'en', e.params));
  }

  private async compare(user: User, external: Map<string, ExternalUser>): Promise<void> {
    const key = keyOf(this.mapping, user);
    if (!key || this.seen.has(key)) return;
    this.seen.add(key);
    const row = external.get(key);
    const state = this.states.get(key);
    const local = hashOf(this.mapping, user);
    if (!row) return this.rowMissing(user, key, state, local);
    this.counts.processed++;
    if (this.counts.processed % 100 === 0) await this.reporter.progress({ ...this.counts });
    const externalChanged = !state || row.hash !== state.hash;
    const localChanged = !state || local !== state.localHash;
    if (!externalChanged && !localChanged) {
      this.counts.unchanged++;
      if (state?.removed) await saveState(this.server.database.db, this.syncer.name, key, { ...state, removed: false });
    } else if (!state && row.hash === local) {
      this.counts.unchanged++;
      await saveState(this.server.database.db, this.syncer.name, key, { hash: row.hash, localHash: local, removed: false });
    } else if (externalChanged) {
      await this.update(user, key, row);
    } else if (this.syncer.isReadOnly) {
      // Changed here, never written out: the change is kept and no longer counts as one.
      this.counts.unchanged++;
      await saveState(this.server.database.db, this.syncer.name, key, { hash: row.hash, localHash: local, removed: false });
    } else {
      await this.writeBack(user, key, local, row);
    }
  }

  private async rowMissing(user: User, key: string, state: RowState | undefined, local: string): Promise<void> {
    if (state && !state.removed) {
      this.counts.deleted++;
      await saveState(this.server.database.db, this.syncer.name, key, { ...state, removed: true });
      return;
    }
    if (state || this.syncer.isReadOnly || this.mapping.isKeycloak) return;
    try {
      const written = rowValuesOf(this.mapping, user, this.names, this.source.db.dialect === 'postgres');
      await insertRow(this.source, this.syncer.table, written);
      const hash = hashOf(this.mapping, userValuesOf(this.mapping, written));
      await saveState(this.server.database.db, this.syncer.name, key, { hash, localHash: local, removed: false });
      this.counts.writtenBack++;
    } catch (error) {
      this.fail(error);
    }
  }

  private async writeBack(user: User, key: string, local: string, row: ExternalUser): Promise<void> {
    try {
      const written = rowValuesOf(this.mapping, user, this.names, this.source.db.dialect === 'postgres');
      const [keyPart = ''] = this.mapping.key.parts;
      const keyColumn = this.names.get(keyPart.toLowerCase()) ?? keyPart;
      // The key as the table stores it (a number stays a number), else as text.
      const stored = row.row[keyColumn];
      const keyValue = typeof stored === 'string' || typeof stored === 'number' ? stored : key;
      await updateRow(this.source, this.syncer.table, keyColumn, keyValue, written);
      const hash = hashOf(this.mapping, userValuesOf(this.mapping, { ...row.row, ...written }));
      await saveState(this.server.database.db, this.syncer.name, key, { hash, localHash: local, removed: false });
      this.counts.writtenBack++;
    } catch (error) {
      this.fail(error);
    }
  }

  /** Updates the user from its row (renamed when the name is mapped), with the row's state. */
  private async update(user: User, key: string, row: ExternalUser): Promise<void> {
    try {
      await inTransaction(this.server, undefined, async (trx) => {
        const next = await users.update(
          this.server,
          'system',
          { owner: user.owner, name: user.name },
          { name: user.name, ...row.values, owner: user.owner },
          { columns: Object.keys(row.values), trx },
        );
        const localHash = hashOf(this.mapping, next);
        await saveState(trx, this.syncer.name, key, { hash: row.hash, localHash, removed: false });
      });
      this.counts.updated++;
    } catch (error) {
      this.fail(error);
    }
  }

  /** Adds the user of a row (named by its key when the name is not mapped, as Casdoor does). */
  private async add(key: string, row: ExternalUser): Promise<void> {
    this.counts.processed++;
    try {
      await inTransaction(this.server, undefined, async (trx) => {
        const values = { ...row.values, owner: this.syncer.organization, name: row.values.name || key };
        const created = await users.create(this.server, 'system', values, { trx });
        const localHash = hashOf(this.mapping, created);
        await saveState(trx, this.syncer.name, key, { hash: row.hash, localHash, removed: false });
      });
      this.counts.added++;
    } catch (error) {
      this.fail(error);
    }
  }
}
