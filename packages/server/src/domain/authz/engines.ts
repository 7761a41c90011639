import { EventEmitter } from 'node:events';
import {
  type Adapter,
  adapter as adapterDef,
  type Enforcer as EnforcerRecord,
  enforcer as enforcerDef,
  type Model as ModelRecord,
  model as modelDef,
  modelFields,
  parseModelText,
  REQUIRED_MODEL_SECTIONS,
  splitId,
} from '@gatehouse/entities';
import { type Enforcer, type Model, newEnforcer, newModelFromString } from 'casbin';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { StoreAdapter } from './casbin-adapter.js';
import { ruleStoreOf } from './policy-store.js';

/**
 * The casbin engine of each enforcer record, built once (model text + adapter, policies loaded)
 * and kept until something it was built from changes.
 *
 * Interface for the rest of the server:
 * - `engineOf(server, enforcerId)`: the engine (`{enforcer, record, model, adapter}`), built on
 *   first use; concurrent callers share one build.
 * - `invalidate(server, change)`: drops the engines a change concerns (an enforcer by id, every
 *   enforcer of a model or an adapter, or all) and emits `change` unless `broadcast` is false.
 *   The domains of models, adapters and enforcers call it after each write; policy writes made
 *   through an engine keep it current and emit a `policy` change for other processes.
 * - `onChange(listener)`: every change this process made (to be published to other processes,
 *   which apply it with `invalidate(..., {broadcast: false})`).
 */
export interface Engine {
  enforcer: Enforcer;
  record: EnforcerRecord;
  model: ModelRecord;
  adapter: Adapter;
}

export type EngineChange =
  | { kind: 'enforcer'; id: string }
  | { kind: 'model'; id: string }
  | { kind: 'adapter'; id: string }
  | { kind: 'policy'; id: string }
  | { kind: 'all' };

/** A model text casbin loads, or the AppError saying why not (nothing is saved with it). */
export function loadModelText(text: string): Model {
  let sections: string[];
  try {
    sections = parseModelText(text).map((s) => s.name);
  } catch (error) {
    throw new AppError('modelTextInvalid', { detail: error instanceof Error ? error.message : String(error) });
  }
  const missing = REQUIRED_MODEL_SECTIONS.filter((s) => !sections.includes(s));
  if (missing.length > 0) throw new AppError('modelTextInvalid', { detail: `missing required sections: ${missing.join(', ')}` });
  try {
    return newModelFromString(text);
  } catch (error) {
    throw new AppError('modelTextInvalid', { detail: error instanceof Error ? error.message : String(error) });
  }
}

/** What get-enforcer?loadModelCfg=true answers: the model's policy (p) and role (g) definitions. */
export function modelCfgOf(text: string): Record<string, string> {
  const fields = modelFields(parseModelText(text));
  return fields.role ? { p: fields.policy, g: fields.role } : { p: fields.policy };
}

/** The values a rule of `ptype` may have under the model: refuses unknown ptypes and extra values. */
export function checkRuleFits(model: Model, ptype: string, values: readonly string[]): void {
  const sec = ptype.charAt(0);
  const assertion = sec === 'p' || sec === 'g' ? model.model.get(sec)?.get(ptype) : undefined;
  if (!assertion) throw new AppError('policyUnknownPtype', { ptype: ptype || '-' });
  const allowed = sec === 'p' ? assertion.tokens.length : assertion.value.split(',').length;
  if (values.length > allowed) throw new AppError('policyTooManyValues', { ptype, count: values.length, allowed });
  if (values.length === 0) throw new AppError('policyEmpty');
}

function idOf(record: { owner: string; name: string }): string {
  return `${record.owner}/${record.name}`;
}

/** A cached engine: its build, and once built the model and adapter it was built from. */
interface Entry {
  engine: Promise<Engine>;
  built?: { model: string; adapter: string };
}

class EngineRegistry {
  readonly #engines = new WeakMap<Database, Map<string, Entry>>();
  readonly #events = new EventEmitter();

  #cache(server: ServerContext): Map<string, Entry> {
    let cache = this.#engines.get(server.database);
    if (!cache) {
      cache = new Map();
      this.#engines.set(server.database, cache);
    }
    return cache;
  }

  engineOf(server: ServerContext, enforcerId: string): Promise<Engine> {
    const cache = this.#cache(server);
    const known = cache.get(enforcerId);
    if (known) return known.engine;
    const entry: Entry = { engine: build(server, enforcerId) };
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

  invalidate(server: ServerContext, change: EngineChange, options: { broadcast?: boolean } = {}): void {
    const cache = this.#cache(server);
    if (change.kind === 'all') cache.clear();
    else if (change.kind === 'enforcer' || change.kind === 'policy') cache.delete(change.id);
    else {
      for (const [id, entry] of cache) {
        // An engine still building may have read the old record: it goes too.
        if (!entry.built || entry.built[change.kind] === change.id) cache.delete(id);
      }
    }
    if (options.broadcast !== false) this.#events.emit('change', change);
  }

  /** Emits a change without dropping this process's engine (it already holds the new state). */
  announce(change: EngineChange): void {
    this.#events.emit('change', change);
  }

  onChange(listener: (change: EngineChange) => void): () => void {
    this.#events.on('change', listener);
    return () => this.#events.off('change', listener);
  }
}

async function build(server: ServerContext, enforcerId: string): Promise<Engine> {
  const key = splitId(enforcerId);
  const record = key ? await server.repo(enforcerDef).get(key.owner, key.name) : undefined;
  if (!record) throw new AppError('enforcerNotFound', { id: enforcerId });
  const model = await modelOf(server, record.model, idOf(record));
  const adapter = await adapterOf(server, record.adapter, idOf(record));
  const enforcer = await newEnforcer(
    loadModelText(model.modelText),
    new StoreAdapter(ruleStoreOf(server.database.db, server.config.dataDir, adapter)),
  );
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

/** The one registry of this process. */
export const engines = new EngineRegistry();
