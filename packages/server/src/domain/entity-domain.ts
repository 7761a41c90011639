import { randomUUID } from 'node:crypto';
import {
  type EntityDefinition,
  type Fields,
  fieldEntries,
  hasGeneratedKey,
  isAdmin,
  keyFieldOf,
  listScope,
  may,
  nowRfc3339,
  organizationOf,
  type RecordOf,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { ListParams } from '../db/list.js';
import { type LooseRecord, type Repository, typedRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { isMessageKey } from '../i18n.js';
import { type Actor, refusal, viewerOf } from './actor.js';
import type { EntityHooks, HookContext } from './hooks.js';
import { checkName, firstLockedChange, maskRecord, mergeForUpdate, parseIncoming } from './records.js';
import { inTransaction } from './transaction.js';
import { inGroupedTransaction } from './transaction-group.js';

/**
 * A record's key: its owner and name, or for a definition with its own `keyField` (LDAP servers)
 * the value of that field in `name`. The wire id is owner/name either way.
 */
export interface RecordKey {
  owner: string;
  name: string;
}

export interface WriteOptions {
  /** The caller's transaction, when the write is part of a larger one (a sign-up, an import). */
  trx?: Db;
}

export interface CreateOptions extends WriteOptions {
  /**
   * The record's key is one the server has just made (a new UUID: an issued token's name), so no
   * record can hold it yet: the insert is not preceded by a read for a duplicate (the primary key
   * would still refuse one).
   */
  newKey?: boolean;
}

export interface UpdateOptions extends WriteOptions {
  /** Only these fields are taken from the input (update-x?columns=a,b). */
  columns?: string[];
}

export { inTransaction };

/** How an entity's domain writes, besides its hooks. */
export interface DomainOptions {
  /**
   * A create without a caller's transaction shares one transaction, and its commit, with the other
   * creates of the same moment (transaction-group.ts); it is answered once that has committed. For
   * records the server writes at a high rate, each small and independent of the others: issued tokens.
   */
  groupCreates?: boolean;
}

/** The key of a record about to be written; a name is checked (a key of another field is checked by its field's pattern). */
function keyOf(def: EntityDefinition, record: LooseRecord): RecordKey {
  const { owner } = record;
  if (typeof owner !== 'string' || owner === '')
    throw new AppError('invalidField', { field: 'owner', detail: 'cannot be empty' });
  const field = keyFieldOf(def);
  const name = record[field];
  if (field === 'name') checkName(name, def);
  else if (typeof name !== 'string' || name === '') throw new AppError('invalidField', { field, detail: 'cannot be empty' });
  if (typeof name !== 'string') throw new AppError('nameRequired');
  return { owner, name };
}

const idOf = (key: RecordKey) => `${key.owner}/${key.name}`;

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/**
 * The organization a viewer's list of `def` is held to ('' = all, global admins only), given the
 * one it asked for; refused when the viewer may not list that organization's records.
 */
export function heldListScope(def: EntityDefinition, viewer: Viewer | null, requested: string): string {
  if (!viewer) throw refusal(null);
  const held = listScope(viewer, requested);
  if (held === null || !may(def, 'list', viewer, { [def.orgField]: held })) throw refusal(viewer);
  return held;
}

/**
 * The one write path of an entity: create, update and delete, each in one transaction with the
 * entity's hooks, whoever calls (the API, the console, sign-up, provider sign-in, an upload, a
 * sync, the first-start data). A viewer is held to the entity's access rules and field rules; the
 * server itself (`system`) skips them, never the validation or the hooks. Reads for a viewer
 * (scoped, masked) live here too, so that who-sees-what is decided in one place.
 */
export class EntityDomain<F extends Fields = Fields> {
  constructor(
    readonly def: EntityDefinition<F>,
    readonly hooks: EntityHooks<F> = {},
    readonly options: DomainOptions = {},
  ) {}

  repo(server: ServerContext): Repository<F> {
    return server.repo(this.def);
  }

  /** Adds a record and returns it as stored; a record with the same key is refused. */
  async create(server: ServerContext, actor: Actor, input: unknown, options: CreateOptions = {}): Promise<RecordOf<F>> {
    const { def } = this;
    const { values, provided } = parseIncoming(def, actor, input);
    const record: LooseRecord = {};
    for (const [key, field] of fieldEntries(def)) record[key] = key in values ? values[key] : field.empty();
    if (def.fixedOwner) record.owner = def.fixedOwner;
    else if (def.defaultOwner && !record.owner) record.owner = def.defaultOwner;
    // The server may date what it records (a token's issue time); a viewer's record is dated now.
    if (!provided.has('createdTime') || !record.createdTime) record.createdTime = nowRfc3339();
    if ('updatedTime' in def.fields) record.updatedTime = record.createdTime;
    // A key other than the name is the server's to make when the input leaves it empty (Casdoor's generated ids).
    if (hasGeneratedKey(def) && !record[keyFieldOf(def)]) record[keyFieldOf(def)] = randomUUID();
    const key = keyOf(def, record);
    const viewer = viewerOf(actor);
    if (viewer) {
      if (!may(def, 'create', viewer, record)) throw refusal(viewer);
      const locked = firstLockedChange(def, viewer, undefined, record);
      if (locked) throw new AppError('fieldLocked', { field: locked });
    }
    const stored = typedRecord(def, record);
    const repo = this.repo(server);
    const write = async (trx: Db) => {
      if (!options.newKey && (await repo.exists(key.owner, key.name, trx)))
        throw new AppError('duplicate', { entity: def.name, id: `${key.owner}/${key.name}` });
      await this.hooks.beforeAdd?.({ trx, actor, server }, stored, provided);
      await repo.insert(stored, trx);
      server.services.writes.report(trx, { entity: def.name, kind: 'create', id: idOf(key), fields: [...provided] });
    };
    if (this.options.groupCreates && !options.trx) await inGroupedTransaction(server, write);
    else await inTransaction(server, options.trx, write);
    return stored;
  }

  /**
   * Changes the record stored under `key` with the fields of `input` (secrets sent back masked
   * stay as they are) and returns it as stored. Only the fields that change are written, so that
   * concurrent changes of other fields (a payment from a balance) are kept. A new owner or name is
   * a rename, which the hooks follow into the records that point at this one.
   */
  async update(
    server: ServerContext,
    actor: Actor,
    key: RecordKey,
    input: unknown,
    options: UpdateOptions = {},
  ): Promise<RecordOf<F>> {
    const { def } = this;
    const { values, provided } = parseIncoming(def, actor, input, options.columns);
    const viewer = viewerOf(actor);
    const repo = this.repo(server);
    return inTransaction(server, options.trx, async (trx) => {
      const before = await repo.get(key.owner, key.name, trx);
      if (!before) throw new AppError('missing', { entity: def.name, id: `${key.owner}/${key.name}` });
      if (viewer && !may(def, 'update', viewer, before)) throw refusal(viewer);
      const merged = mergeForUpdate(def, before, values);
      if (def.fixedOwner) merged.owner = def.fixedOwner;
      const nextKey = keyOf(def, merged);
      if (viewer) {
        // Moving a record to another organization needs the right in that organization too.
        if (organizationOf(def, merged) !== organizationOf(def, before) && !may(def, 'update', viewer, merged))
          throw refusal(viewer);
        const locked = firstLockedChange(def, viewer, before, merged);
        if (locked) throw new AppError('fieldLocked', { field: locked });
      }
      if ('updatedTime' in def.fields) merged.updatedTime = nowRfc3339();
      const renamed = nextKey.owner !== key.owner || nextKey.name !== key.name;
      if (renamed && (await repo.exists(nextKey.owner, nextKey.name, trx))) {
        throw new AppError('duplicate', { entity: def.name, id: `${nextKey.owner}/${nextKey.name}` });
      }
      const next = typedRecord(def, merged);
      const context: HookContext = { trx, actor, server };
      await this.hooks.beforeUpdate?.(context, before, next, provided);
      const changes = this.changes(before, next);
      if (Object.keys(changes).length > 0) await repo.update(key.owner, key.name, changes, trx);
      if (renamed) await this.hooks.afterRename?.(context, before, next);
      const fields = Object.keys(changes);
      // Reported even when nothing changed: a save is heard (the engines of a model or adapter are rebuilt).
      server.services.writes.report(
        trx,
        renamed
          ? { entity: def.name, kind: 'rename', id: idOf(nextKey), before: idOf(key), fields }
          : { entity: def.name, kind: 'update', id: idOf(key), fields },
      );
      return next;
    });
  }

  /** Deletes the record stored under `key`; false when there is none. */
  async remove(server: ServerContext, actor: Actor, key: RecordKey, options: WriteOptions = {}): Promise<boolean> {
    const { def } = this;
    const viewer = viewerOf(actor);
    const repo = this.repo(server);
    return inTransaction(server, options.trx, async (trx) => {
      const record = await repo.get(key.owner, key.name, trx);
      if (!record) return false;
      if (viewer && !may(def, 'delete', viewer, record)) throw refusal(viewer);
      // Built-in records first (whoever asks), then what only this viewer may not delete (itself).
      if (def.undeletable?.(record, null)) {
        const reason = def.undeletableReason && isMessageKey(def.undeletableReason) ? def.undeletableReason : 'undeletable';
        throw new AppError(reason, { entity: def.name, id: `${key.owner}/${key.name}` });
      }
      if (viewer && def.undeletable?.(record, viewer)) throw new AppError('deleteSelf');
      // A soft delete (a record kept, marked deleted) is heard as a delete too.
      server.services.writes.report(trx, { entity: def.name, kind: 'delete', id: idOf(key) });
      if (await this.hooks.softDelete?.({ trx, actor, server }, record)) return true;
      await this.hooks.beforeDelete?.({ trx, actor, server }, record);
      return (await repo.delete(key.owner, key.name, trx)) > 0;
    });
  }

  /**
   * The record stored under `key` as `viewer` may see it (secrets masked), null when there is none;
   * refused when the viewer may not read it, unless the entity shows such viewers a public view of
   * it (publicView). For owner-scoped entities the id names the organization, so a viewer refused
   * there is refused whether or not the record exists.
   */
  async readFor(server: ServerContext, viewer: Viewer | null, key: RecordKey, withSecret = false): Promise<LooseRecord | null> {
    const { def } = this;
    // A record of the viewer's own (ownRecords) may be readable where others of the organization are not.
    const own = def.ownRecords && viewer ? { [def.ownRecords.field]: viewer.name } : {};
    const probe =
      def.orgField === 'owner'
        ? { owner: key.owner, [keyFieldOf(def)]: key.name, ...own }
        : def.orgField === 'name'
          ? { name: key.name }
          : null;
    const refusedByKey = probe !== null && !may(def, 'read', viewer, probe);
    if (refusedByKey && !this.hooks.publicView) throw refusal(viewer);
    const record = await this.repo(server).get(key.owner, key.name);
    if (!record) {
      if (refusedByKey) throw refusal(viewer);
      return null;
    }
    if (!may(def, 'read', viewer, record)) {
      const view = (await this.hooks.publicView?.(server, viewer, record)) ?? null;
      if (!view) throw refusal(viewer);
      return view;
    }
    const masked = maskRecord(def, record, viewer, withSecret);
    return this.hooks.extend ? ((await this.hooks.extend(server, [record], [masked]))[0] ?? masked) : masked;
  }

  /**
   * One page of the list as `viewer` may see it. Everyone but global admins is held to their own
   * organization (global admins may ask for all: ''); `global` lists across organizations (global
   * admins only). Some lists show ordinary members only what is theirs (the hook's listFilter).
   */
  async listFor(
    server: ServerContext,
    viewer: Viewer | null,
    params: ListParams,
    global = false,
  ): Promise<{ records: LooseRecord[]; total: number | null }> {
    const { def } = this;
    let scope = params.organization;
    if (global) {
      if (viewer?.level !== 'globalAdmin') throw refusal(viewer);
      scope = '';
    } else if (def.access.list !== 'anyone') {
      scope = heldListScope(def, viewer, params.organization);
    }
    const where = viewer ? (this.hooks.listFilter?.(viewer) ?? this.ownFilter(viewer, false)) : undefined;
    const { records, total } = await this.repo(server).list({ ...params, where: where ?? params.where }, scope);
    return { records: await this.answers(server, viewer, records), total };
  }

  /**
   * One page of the signed-in viewer's own records (the definition's `ownRecords`: the permissions
   * they submitted), in their organization, whoever they are (get-permissions-by-submitter).
   */
  async listOwn(
    server: ServerContext,
    viewer: Viewer,
    params: ListParams,
  ): Promise<{ records: LooseRecord[]; total: number | null }> {
    const where = this.ownFilter(viewer, true);
    if (!where) throw new AppError('invalidRequest', { detail: `${this.def.name} records have no owner of their own` });
    const { records, total } = await this.repo(server).list({ ...params, organization: viewer.owner, where }, viewer.owner);
    return { records: await this.answers(server, viewer, records), total };
  }

  /** The exact match that holds a member to their own records (`ownRecords`), for everyone when `always`. */
  private ownFilter(viewer: Viewer, always: boolean): Record<string, string> | undefined {
    const own = this.def.ownRecords;
    if (!own || (!always && isAdmin(viewer))) return undefined;
    return { [own.field]: viewer.name };
  }

  /** Stored records as `viewer` may see them, completed by the entity's `extend` hook. */
  private async answers(server: ServerContext, viewer: Viewer | null, records: RecordOf<F>[]): Promise<LooseRecord[]> {
    const masked = records.map((r) => maskRecord(this.def, r, viewer));
    return this.hooks.extend ? this.hooks.extend(server, records, masked) : masked;
  }

  /** The fields of `next` that differ from `before` (what an update writes). */
  private changes(before: RecordOf<F>, next: RecordOf<F>): Partial<RecordOf<F>> {
    const was: LooseRecord = before;
    const now: LooseRecord = next;
    const changed: LooseRecord = {};
    for (const [key] of fieldEntries(this.def)) if (!same(was[key], now[key])) changed[key] = now[key];
    return typedRecord(this.def, changed);
  }
}
