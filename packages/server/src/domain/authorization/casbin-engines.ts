import {
  type Adapter,
  adapter as adapterDef,
  type Enforcer as EnforcerRecord,
  enforcer as enforcerDef,
  type Model as ModelRecord,
  model as modelDef,
  splitId,
} from '@gatehouse/entities';
import { type Enforcer, newEnforcer } from 'casbin';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { idBefore, POLICIES, type Write, type Written } from '../writes.js';
import { StoreAdapter } from './casbin-adapter.js';
import { loadModelText } from './casbin-model.js';
import { ruleStoreOf } from './policy-store.js';

/** The casbin engine of an enforcer record, and what it was built from. */
export interface Engine {
  enforcer: Enforcer;
  record: EnforcerRecord;
  model: ModelRecord;
  adapter: Adapter;
}

/** Which engines a change concerns: an enforcer's, every engine built from a model or an adapter, or all. */
export type EngineChange = { kind: 'enforcer' | 'model' | 'adapter'; id: string } | { kind: 'all' };

function idOf(record: { owner: string; name: string }): string {
  return `${record.owner}/${record.name}`;
}

/** A cached engine: its build, and once built the model and adapter it was built from. */
interface Entry {
  engine: Promise<Engine>;
  built?: { model: string; adapter: string };
}

/**
 * The engines a committed write makes stale: those of a model, adapter or enforcer changed,
 * renamed or deleted (by the id it had; created ones replace nothing), all of them after an
 * organization's rename or delete (the ids they name move) and after a permission's policy rows
 * changed (any enforcer over its adapter's table holds them). Policy rows written through an
 * enforcer's engine leave that engine as it is: it holds them already.
 */
export function engineChangesOf(write: Write): EngineChange[] {
  const { entity } = write;
  if (entity === 'model' || entity === 'adapter' || entity === 'enforcer') {
    if (write.kind === 'create') return [];
    if (write.kind === 'update' && write.fields.length === 1 && write.fields[0] === POLICIES) return [];
    return [{ kind: entity, id: idBefore(write) }];
  }
  if (entity === 'organization' && (write.kind === 'rename' || write.kind === 'delete')) return [{ kind: 'all' }];
  if (entity === 'permission' && write.kind === 'update' && write.fields.includes(POLICIES)) return [{ kind: 'all' }];
  return [];
}

/**
 * The casbin engine of each enforcer record of one server, built once (model text + adapter,
 * policies loaded) and kept until something it was built from changes: `engineOf(enforcerId)`
 * builds on first use (concurrent callers share one build); `written` (the written event's
 * subscriber) and `invalidate` drop what a change concerns. Policy writes made through an engine
 * keep it current.
 */
export class CasbinEngines {
  readonly #engines = new Map<string, Entry>();

  constructor(private readonly server: ServerContext) {}

  engineOf(enforcerId: string): Promise<Engine> {
    const cache = this.#engines;
    const known = cache.get(enforcerId);
    if (known) return known.engine;
    const entry: Entry = { engine: build(this.server, enforcerId) };
    cache.set(enforcerId, entry);
    entry.engine.then(
      (engine) => {
        entry.built = { model: engine.record.model, adapter: engine.record.adapter };
      },
      () => {
        if (cache.get(enforcerId) === entry) cache.delete(enforcerId);
      },
    );
    return entry.engine;
  }

  /** Drops the engines `change` concerns, here only (the authorization watcher tells the others: authorization.ts). */
  invalidate(change: EngineChange): void {
    const cache = this.#engines;
    if (change.kind === 'all') cache.clear();
    else if (change.kind === 'enforcer') cache.delete(change.id);
    else {
      for (const [id, entry] of cache) {
        // An engine still building may have read the old record: it goes too.
        if (!entry.built || entry.built[change.kind] === change.id) cache.delete(id);
      }
    }
  }

  /** The written event's subscriber. */
  written({ writes }: Written): void {
    for (const write of writes) for (const change of engineChangesOf(write)) this.invalidate(change);
  }
}

async function build(server: ServerContext, enforcerId: string): Promise<Engine> {
  const key = splitId(enforcerId);
  const record = key ? await server.repo(enforcerDef).get(key.owner, key.name) : undefined;
  if (!record) throw new AppError('enforcerNotFound', { id: enforcerId });
  const model = await modelOf(server, record.model, idOf(record));
  const adapter = await adapterOf(server, record.adapter, idOf(record));
  const enforcer = await newEnforcer(loadModelText(model.modelText), new StoreAdapter(ruleStoreOf(server, adapter)));
  return { enforcer, record, model, adapter };
}

/** The model record `id` names, or the error naming the enforcer that needs it. */
export async function modelOf(server: ServerContext, id: string, enforcerId: string): Promise<ModelRecord> {
  const key = splitId(id);
  const model = key ? await server.repo(modelDef).get(key.owner, key.name) : undefined;
  if (!model) throw new AppError('enforcerModelNotFound', { model: id || '-', id: enforcerId });
  return model;
}

/** The adapter record `id` names, or the error naming the enforcer that needs it. */
export async function adapterOf(server: ServerContext, id: string, enforcerId: string): Promise<Adapter> {
  const key = splitId(id);
  const adapter = key ? await server.repo(adapterDef).get(key.owner, key.name) : undefined;
  if (!adapter) throw new AppError('enforcerAdapterNotFound', { adapter: id || '-', id: enforcerId });
  return adapter;
}
