import {
  type Adapter,
  adapter as adapterDef,
  adapterTableOf,
  DEFAULT_ADAPTER_TABLE,
  DEFAULT_MODEL_TEXT,
  enforcer as enforcerDef,
  isGlobalAdmin,
  model as modelDef,
  permission as permissionDef,
  SAME_DB_ADAPTER_VALUES,
  splitId,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { viewerOf } from '../actor.js';
import { EntityDomain } from '../entity-domain.js';
import type { HookContext } from '../hooks.js';
import { followIdReferences, followNameWithinOwner } from '../references.js';
import { loadModelText } from './casbin-model.js';

/**
 * An adapter's rename: enforcers and permissions name it by id (followIdReferences); permissions
 * of its organization also by name (Casdoor's permission.adapter), which follows within it.
 */
async function followAdapterRename(server: ServerContext, trx: Db, before: Adapter, after: Adapter): Promise<void> {
  await followIdReferences(server, trx, 'adapter', idOf(before), idOf(after));
  if (before.owner === after.owner) {
    await followNameWithinOwner(server, trx, permissionDef, 'adapter', before.owner, before.name, after.name);
  }
}

const idOf = (r: { owner: string; name: string }) => `${r.owner}/${r.name}`;

/**
 * Models: the text must load as a casbin model (nothing is saved otherwise). The engines built
 * from a model, an adapter or an enforcer are dropped once a write of it has committed (the
 * written event's subscriber, CasbinEngines.written).
 */
export const models = new EntityDomain(modelDef, {
  beforeAdd: async (_ctx, record, provided) => {
    // A model added without text gets the default role-based one (as Add in the console does).
    if (!provided.has('modelText')) record.modelText = DEFAULT_MODEL_TEXT;
    loadModelText(record.modelText);
  },
  beforeUpdate: async (_ctx, _before, next) => {
    loadModelText(next.modelText);
  },
  afterRename: async (ctx, before, after) => followIdReferences(ctx.server, ctx.trx, 'model', idOf(before), idOf(after)),
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

export const adapters = new EntityDomain(adapterDef, {
  beforeAdd: async (ctx, record) => settleAdapter(ctx, record),
  beforeUpdate: async (ctx, _before, next) => settleAdapter(ctx, next),
  afterRename: async (ctx, before, after) => followAdapterRename(ctx.server, ctx.trx, before, after),
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

export const enforcers = new EntityDomain(enforcerDef, {
  beforeAdd: checkReferences,
  beforeUpdate: async (ctx, _before, next) => checkReferences(ctx, next),
});
