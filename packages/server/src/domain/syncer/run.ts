import { emptySyncCounts, isLdapSyncer, type SyncCounts, type Syncer, tableColumnsProblem, type User } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n.js';
import type { ExternalRow } from '../../integrations/database/external-db.js';
import { inTransaction } from '../transaction.js';
import { users } from '../user.js';
import { readDirectorySide } from './directory-side.js';
import { hashOf, keyOf, type Mapping, mappingOf, userValuesOf } from './mapping.js';
import type { SyncSide } from './side.js';
import { asSyncError } from './source.js';
import { loadStates, type RowState, saveState, stateKeyOf } from './state.js';
import { openTableSide } from './table-side.js';

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
 * One run of a syncer (Casdoor's syncUsers, object/syncer_sync.go), incremental, the same for every
 * side (side.ts: a database table, or an LDAP directory): each external row is matched to the
 * organization's user with the same key; the hashes of the hashed columns, on both sides, against
 * those of the last run (state.ts) decide what happens:
 * - a row without a user adds one (added); a changed row updates its user (updated; when both
 *   sides changed, the external side wins, as in Casdoor);
 * - a user changed here is written back to its row when the side has a writer (not read-only, not
 *   a directory) (writtenBack);
 * - a user whose row disappeared is reported deleted once (the user stays: a sync never deletes);
 * - a user that never had a row is inserted into the table when the side takes new rows (Casdoor's
 *   two-way sync; not into Keycloak's table, whose rows need Keycloak's own state).
 * Users are written only through the users domain, each with its remembered state in one
 * transaction. Failing to reach or read the side (or a missing column) throws before any user
 * changes; a row that cannot be written is counted as failed and the run goes on.
 */
export async function syncUsers(server: ServerContext, syncer: Syncer, reporter: SyncReporter): Promise<SyncCounts> {
  const mapping = mappingOf(syncer);
  if (!mapping) throw new AppError('syncerColumnsEmpty');
  const problem = tableColumnsProblem(syncer.tableColumns, syncer.type);
  if (problem) throw new AppError(problem.key, problem.params);
  let side: SyncSide;
  try {
    side = isLdapSyncer(syncer.type)
      ? await readDirectorySide(server, syncer, mapping)
      : await openTableSide(server, syncer, mapping);
  } catch (error) {
    throw asSyncError(error);
  }
  try {
    return await new UserSync(server, syncer, mapping, side, reporter).run();
  } catch (error) {
    throw asSyncError(error);
  } finally {
    await side.close();
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
    private readonly side: SyncSide,
    private readonly reporter: SyncReporter,
  ) {}

  async run(): Promise<SyncCounts> {
    const { rows } = this.side;
    const external = this.externalUsers(rows, this.side.affiliations);
    this.counts.read = rows.length;
    this.states = await loadStates(this.server.database.db, stateKeyOf(this.syncer));
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
      const column = this.mapping.key.column.name;
      if (!key && this.side.directory) this.fail(new AppError('syncerEntryKeyEmpty', { column, dn: String(row.dn ?? '') }));
      else if (!key) this.fail(new AppError('syncerRowKeyEmpty', { column }));
      else if (external.has(key))
        this.fail(new AppError(this.side.directory ? 'syncerEntryKeyDuplicate' : 'syncerRowKeyDuplicate', { key }));
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
      if (state?.removed) await saveState(this.server.database.db, stateKeyOf(this.syncer), key, { ...state, removed: false });
    } else if (!state && row.hash === local) {
      this.counts.unchanged++;
      await saveState(this.server.database.db, stateKeyOf(this.syncer), key, {
        hash: row.hash,
        localHash: local,
        removed: false,
      });
    } else if (externalChanged) {
      await this.update(user, key, row);
    } else if (!this.side.writer) {
      // Changed here, never written out (read-only, or a directory): the change is kept and no longer counts as one.
      this.counts.unchanged++;
      await saveState(this.server.database.db, stateKeyOf(this.syncer), key, {
        hash: row.hash,
        localHash: local,
        removed: false,
      });
    } else {
      await this.writeBack(user, key, local, row);
    }
  }

  private async rowMissing(user: User, key: string, state: RowState | undefined, local: string): Promise<void> {
    if (state && !state.removed) {
      this.counts.deleted++;
      await saveState(this.server.database.db, stateKeyOf(this.syncer), key, { ...state, removed: true });
      return;
    }
    const insert = this.side.writer?.insert;
    if (state || !insert) return;
    try {
      const written = await insert(user);
      const hash = hashOf(this.mapping, userValuesOf(this.mapping, written));
      await saveState(this.server.database.db, stateKeyOf(this.syncer), key, { hash, localHash: local, removed: false });
      this.counts.writtenBack++;
    } catch (error) {
      this.fail(error);
    }
  }

  private async writeBack(user: User, key: string, local: string, row: ExternalUser): Promise<void> {
    const { writer } = this.side;
    if (!writer) return;
    try {
      const written = await writer.update(user, row.row, key);
      const hash = hashOf(this.mapping, userValuesOf(this.mapping, written));
      await saveState(this.server.database.db, stateKeyOf(this.syncer), key, { hash, localHash: local, removed: false });
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
        await saveState(trx, stateKeyOf(this.syncer), key, { hash: row.hash, localHash, removed: false });
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
        await saveState(trx, stateKeyOf(this.syncer), key, { hash: row.hash, localHash, removed: false });
      });
      this.counts.added++;
    } catch (error) {
      this.fail(error);
    }
  }
}
