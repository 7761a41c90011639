import type { Viewer } from '@gatehouse/entities';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Rec } from './repository.js';

/** What a hook may use: the transaction it runs in, the caller and the server context. */
export interface HookContext {
  trx: Kysely<any>;
  viewer: Viewer;
  server: ServerContext;
}

/**
 * Entity-specific behaviour around the generic CRUD routes. Each hook runs inside the write's
 * transaction; throwing an AppError refuses the write and changes nothing.
 */
export interface EntityHooks {
  /** Completes a new record (ids, hashes, values derived from its organization). */
  beforeAdd?: (ctx: HookContext, record: Rec, provided: Set<string>) => Promise<void>;
  /** Checks or completes an update; `next` may be changed in place. */
  beforeUpdate?: (ctx: HookContext, before: Rec, next: Rec, provided: Set<string>) => Promise<void>;
  /** Follows a change of owner or name into the records that point at this one. */
  afterRename?: (ctx: HookContext, before: Rec, after: Rec) => Promise<void>;
  /**
   * Exact matches added to the list for this viewer (column → value), e.g. ordinary members see
   * only their own records; nothing when the viewer sees the whole list.
   */
  listFilter?: (viewer: Viewer) => Record<string, string> | undefined;
  /** Refuses a delete, or removes what belongs to the record. */
  beforeDelete?: (ctx: HookContext, record: Rec) => Promise<void>;
}
