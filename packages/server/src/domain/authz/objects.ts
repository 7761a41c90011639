import {
  type Adapter,
  adapter as adapterDef,
  adapterTableOf,
  DEFAULT_ADAPTER_TABLE,
  DEFAULT_MODEL_TEXT,
  type EntityDefinition,
  enforcer as enforcerDef,
  type Fields,
  isGlobalAdmin,
  model as modelDef,
  type RecordOf,
  SAME_DB_ADAPTER_VALUES,
  splitId,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type Actor, viewerOf } from '../actor.js';
import { EntityDomain, type RecordKey, type UpdateOptions, type WriteOptions } from '../entity-domain.js';
import type { EntityHooks, HookContext } from '../hooks.js';
import { followIdReferences } from '../references.js';
import { type EngineChange, engines, loadModelText } from './engines.js';

type ChangeKind = 'model' | 'adapter' | 'enforcer';

/**
 * The domain of an object an engine is built from: after every write (in its transaction's
 * wake) the engines built from the record are dropped, so the next use rebuilds them.
 */
class EngineSourceDomain<F extends Fields> extends EntityDomain<F> {
  constructor(
    def: EntityDefinition<F>,
    private readonly kind: ChangeKind,
    hooks: EntityHooks<F>,
  ) {
    super(def, hooks);
  }

  private changed(server: ServerContext, key: RecordKey): void {
    const change: EngineChange = { kind: this.kind, id: `${key.owner}/${key.name}` };
    engines.invalidate(server, change);
  }

  override async update(
    server: ServerContext,
    actor: Actor,
    key: RecordKey,
    input: unknown,
    options: UpdateOptions = {},
  ): Promise<RecordOf<F>> {
    const next = await super.update(server, actor, key, input, options);
    this.changed(server, key);
    return next;
  }

  override async remove(server: ServerContext, actor: Actor, key: RecordKey, options: WriteOptions = {}): Promise<boolean> {
    const removed = await super.remove(server, actor, key, options);
    this.changed(server, key);
    return removed;
  }
}

/**
 * An adapter's rename: enforcers and permissions name it by id (followIdReferences); permissions
 * of its organization also by name (Casdoor's permission.adapter), which follows within it.
 */
async function followAdapterRename(trx: Db, before: Adapter, after: Adapter): Promise<void> {
  await followIdReferences(trx, 'adapter', idOf(before), idOf(after));
  if (before.owner === after.owner) {
    await trx
      .updateTable('permission')
      .set({ adapter: after.name })
      .where('owner', '=', before.owner)
      .where('adapter', '=', before.name)
      .execute();
  }
}

const idOf = (r: { owner: string; name: string }) => `${r.owner}/${r.name}`;

/** Models: the text must load as a casbin model (nothing is saved otherwise). */
export const models = new EngineSourceDomain(modelDef, 'model', {
  beforeAdd: async (_ctx, record, provided) => {
    // A model added without text gets the default role-based one (as Add in the console does).
    if (!provided.has('modelText')) record.modelText = DEFAULT_MODEL_TEXT;
    loadModelText(record.modelText);
  },
  beforeUpdate: async (_ctx, _before, next) => {
    loadModelText(next.modelText);
  },
  afterRename: async (ctx, before, after) => followIdReferences(ctx.trx, 'model', idOf(before), idOf(after)),
});

/**
 * An adapter of the server's own database keeps no connection settings. Its table is a
 * namespace of the shared `casbinRule` table (an empty table is casbin_rule): an organization
 * administrator may not use a table that an adapter of another organization uses (it would read and
 * write that organization's policies); global administrators may.
 */
async function settleAdapter(ctx: HookContext, record: Adapter): Promise<void> {
  if (!record.useSameDb) return;
  Object.assign(record, SAME_DB_ADAPTER_VALUES);
  const viewer = viewerOf(ctx.actor);
  if (!viewer || isGlobalAdmin(viewer)) return;
  const table = adapterTableOf(record);
  const other = await ctx.trx
    .selectFrom('adapter')
    .select(['owner', 'name'])
    .where('table', 'in', table === DEFAULT_ADAPTER_TABLE ? ['', table] : [table])
    .where('useSameDb', '=', true)
    .where('owner', '!=', record.owner)
    .limit(1)
    .executeTakeFirst();
  if (other) throw new AppError('adapterTableTaken', { table });
}

export const adapters = new EngineSourceDomain(adapterDef, 'adapter', {
  beforeAdd: async (ctx, record) => settleAdapter(ctx, record),
  beforeUpdate: async (ctx, _before, next) => settleAdapter(ctx, next),
  afterRename: async (ctx, before, after) => followAdapterRename(ctx.trx, before, after),
});

/**
 * The model and adapter an enforcer names exist (or are left empty); an organization
 * administrator's enforcer names its own organization's only (another's adapter would expose
 * that organization's policies).
 */
async function checkReferences(
  ctx: HookContext,
  record: { model: string; adapter: string; owner: string; name: string },
): Promise<void> {
  const viewer = viewerOf(ctx.actor);
  if (viewer && !isGlobalAdmin(viewer)) {
    for (const ref of [record.model, record.adapter]) {
      if (ref && splitId(ref)?.owner !== record.owner)
        throw new AppError('enforcerOtherOrganization', { ref, owner: record.owner });
    }
  }
  const model = splitId(record.model);
  if (record.model && (!model || !(await ctx.server.repo(modelDef).exists(model.owner, model.name, ctx.trx)))) {
    throw new AppError('enforcerModelNotFound', { model: record.model, id: idOf(record) });
  }
  const adapter = splitId(record.adapter);
  if (record.adapter && (!adapter || !(await ctx.server.repo(adapterDef).exists(adapter.owner, adapter.name, ctx.trx)))) {
    throw new AppError('enforcerAdapterNotFound', { adapter: record.adapter, id: idOf(record) });
  }
}

export const enforcers = new EngineSourceDomain(enforcerDef, 'enforcer', {
  beforeAdd: checkReferences,
  beforeUpdate: async (ctx, _before, next) => checkReferences(ctx, next),
});
