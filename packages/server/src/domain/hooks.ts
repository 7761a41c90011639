import type { Fields, RecordOf, Viewer } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { LooseRecord } from '../db/repository.js';
import type { Actor } from './actor.js';

/** What a hook may use: the transaction it runs in, who acts and the server context. */
export interface HookContext {
  trx: Db;
  actor: Actor;
  server: ServerContext;
}

/**
 * An entity's own rules around the generic write path (entity-domain.ts). Each hook runs inside
 * the write's transaction; throwing an AppError refuses the write and changes nothing. Records are
 * typed by the entity's fields.
 */
export interface EntityHooks<F extends Fields = Fields> {
  /** Completes a new record (ids, hashes, values derived from its organization). */
  beforeAdd?(ctx: HookContext, record: RecordOf<F>, provided: Set<string>): Promise<void>;
  /** Checks or completes an update; `next` may be changed in place. */
  beforeUpdate?(ctx: HookContext, before: RecordOf<F>, next: RecordOf<F>, provided: Set<string>): Promise<void>;
  /** Follows a change of owner or name into the records that point at this one. */
  afterRename?(ctx: HookContext, before: RecordOf<F>, after: RecordOf<F>): Promise<void>;
  /**
   * Exact matches added to the list for this viewer (column → value), e.g. ordinary members see
   * only their own records; nothing when the viewer sees the whole list.
   */
  listFilter?(viewer: Viewer): Record<string, string> | undefined;
  /**
   * Completes what read calls (get-x, get-xs) answer, for a whole page at once: values computed
   * from the stored record (a user's MFA methods, from fields the answer may not show) or read from
   * other tables (a group's users and parent's name) — one query per page, never one per record.
   * `answers[i]` is `stored[i]` as the viewer may see it.
   */
  extend?(server: ServerContext, stored: RecordOf<F>[], answers: LooseRecord[]): Promise<LooseRecord[]>;
  /** Refuses a delete, or removes what belongs to the record. */
  beforeDelete?(ctx: HookContext, record: RecordOf<F>): Promise<void>;
  /**
   * Keeps the record instead of deleting it (soft deletion): answers true when it stored what
   * stands for the delete, false to let the delete go ahead.
   */
  softDelete?(ctx: HookContext, record: RecordOf<F>): Promise<boolean>;
  /**
   * What a viewer whom the read rule refuses may still see of a record (a public profile), or
   * null to refuse. Without this hook such a viewer learns nothing, not even whether it exists.
   */
  publicView?(server: ServerContext, viewer: Viewer | null, record: RecordOf<F>): Promise<LooseRecord | null>;
}
