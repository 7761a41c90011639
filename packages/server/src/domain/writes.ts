import type { Db } from '../db/database.js';

/**
 * One write of a record, as the domain reports it in its transaction. `id` is the record's id
 * (owner/name; after a rename its new id, `before` the old one); `owner/*` names every record of
 * an owner, when a write moves or deletes them all (an organization's rename or delete).
 * `fields`: what an update changed (none when the record was saved as it was) or a rename with it,
 * the fields a create's input set. The policy rows of an enforcer or a permission (casbin's
 * policies, kept in adapter tables) are its field `policies`.
 */
export type Write =
  | { entity: string; kind: 'delete'; id: string }
  | { entity: string; kind: 'create' | 'update'; id: string; fields: readonly string[] }
  | { entity: string; kind: 'rename'; id: string; before: string; fields: readonly string[] };

/** The pseudo-field of an enforcer's or a permission's policy rows. */
export const POLICIES = 'policies';

/** What one committed transaction wrote, in the order it wrote it. */
export interface Written {
  writes: readonly Write[];
}

export type WrittenListener = (event: Written) => void;

/** Whether a write changed what its record holds (a save of an unchanged record did not). */
export function changedRecord(write: Write): boolean {
  return write.kind !== 'update' || write.fields.length > 0;
}

/** The id a write had before it (a rename's old id, else its id). */
export function idBefore(write: Write): string {
  return write.kind === 'rename' ? write.before : write.id;
}

interface OpenTransaction {
  writes: Write[];
  afterCommit: (() => void)[];
}

interface BusLog {
  error(fields: object, message: string): void;
}

/**
 * The written event of one server: the domain reports each write inside its transaction, and
 * once that transaction has committed every subscriber hears one event with all its writes; a
 * transaction that rolled back is heard of by no one. The caches built from the tables subscribe
 * (record caches, casbin engines, compiled enforcers; services.ts), so that none drops anything
 * before the commit, when a request could rebuild it from rows about to change.
 */
export class WriteBus {
  readonly #listeners = new Set<WrittenListener>();
  /** The transactions of `transaction` still open, with what they wrote and queued. */
  readonly #open = new WeakMap<Db, OpenTransaction>();

  constructor(private readonly log: BusLog) {}

  /** Hears every committed transaction's writes from now on; answers the function that stops it. */
  subscribe(listener: WrittenListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Runs `work` in a transaction of its own over `db`; once it has committed, delivers its writes
   * and runs what `afterCommit` queued on it (none of it if it rolled back).
   */
  async transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
    const open: OpenTransaction = { writes: [], afterCommit: [] };
    const result = await db.transaction().execute((trx) => {
      this.#open.set(trx, open);
      return work(trx);
    });
    this.#deliver(open.writes);
    for (const callback of open.afterCommit) callback();
    return result;
  }

  /**
   * Reports a write made in `trx`, heard once it commits. A write outside a transaction of
   * `transaction` (on the database itself, or in a store of its own that has already written it)
   * is committed already and heard at once.
   */
  report(trx: Db, write: Write): void {
    const open = this.#open.get(trx);
    if (open) open.writes.push(write);
    else this.#deliver([write]);
  }

  /** Runs `callback` once `trx` has committed (at once outside a transaction of `transaction`). */
  afterCommit(trx: Db, callback: () => void): void {
    const open = this.#open.get(trx);
    if (open) open.afterCommit.push(callback);
    else callback();
  }

  #deliver(writes: readonly Write[]): void {
    if (writes.length === 0) return;
    const event: Written = { writes };
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (err) {
        // The write has committed: a subscriber's failure is its own, not the caller's.
        this.log.error({ err }, 'a subscriber of the written event failed');
      }
    }
  }
}

declare module '../context.js' {
  interface ServerServices {
    /** The written event: every committed transaction's writes, to whoever subscribed (domain/writes.ts). */
    readonly writes: WriteBus;
  }
}
