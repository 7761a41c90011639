import {
  adapter as adapterDef,
  CASBIN_RULE_VALUES,
  type CasbinRule,
  type Enforcer,
  enforcer as enforcerDef,
  may,
  splitId,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { PageRequest } from '../../db/list.js';
import { AppError } from '../../errors.js';
import { withExternalDb } from '../../integrations/database/external-db.js';
import { refusal } from '../actor.js';
import { POLICIES } from '../writes.js';
import { adapterOf, type Engine, modelOf } from './casbin-engines.js';
import { checkRuleFits, loadModelText, ptypesOf, rowsOf } from './casbin-model.js';
import { type RuleRow, trimmedValues } from './policy-rows.js';
import { ruleStoreOf } from './policy-store.js';

/**
 * The policy calls of the console and the API (get-policies, get-filtered-policies, add-policy,
 * update-policy, remove-policy) on an enforcer's engine. Reading needs the enforcer's read right,
 * writing its update right; built-in enforcers keep their policies editable (only the records are
 * locked). Rows that do not fit the model (an unknown ptype, more values than its definition
 * names) are refused.
 */

/** A filter of get-filtered-policies (Casdoor's object.Filter). */
export interface PolicyFilter {
  ptype?: string;
  fieldIndex?: number;
  fieldValues?: string[];
}

function field(body: Record<string, unknown>, name: string): string {
  // Go's JSON decoding matches names case-insensitively: Ptype, ptype and PTYPE all name the field.
  const key = Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new AppError('invalidField', { field: name, detail: 'must be a string' });
  return value;
}

/** A CasbinRule body ({Ptype, V0..V5}) as a row: values without the trailing empty ones. */
export function ruleOfBody(body: unknown): RuleRow {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('invalidRequest', { detail: 'the body must be a policy {Ptype, V0..V5}' });
  }
  const record = Object.fromEntries(Object.entries(body));
  return { ptype: field(record, 'Ptype'), values: trimmedValues(CASBIN_RULE_VALUES.map((v) => field(record, v))) };
}

/** A row as Casdoor answers it: its table id (0 for a row that comes from an engine, as in Casdoor), ptype and values. */
export function wireRule(row: RuleRow): CasbinRule {
  const v = (i: number) => row.values[i] ?? '';
  return { Id: row.id ?? 0, Ptype: row.ptype, V0: v(0), V1: v(1), V2: v(2), V3: v(3), V4: v(4), V5: v(5) };
}

/** The enforcer record `id` names, when the viewer may read (or update) it. */
async function enforcerFor(server: ServerContext, viewer: Viewer, id: string, action: 'read' | 'update'): Promise<Enforcer> {
  const key = splitId(id);
  const record = key ? await server.repo(enforcerDef).get(key.owner, key.name) : undefined;
  if (!record) throw new AppError('enforcerNotFound', { id });
  if (!may(enforcerDef, action, viewer, record)) throw refusal(viewer);
  return record;
}

/** Drops the enforcer's engine: its next use builds a new one from the adapter's rows (a Sync). */
function dropEngine(server: ServerContext, id: string): void {
  server.services.authorization.engines.invalidate({ kind: 'enforcer', id });
}

/**
 * The engine of an enforcer the viewer may read (or update); storage failures as a clear error.
 * `fresh` builds a new engine from the adapter's rows and swaps it in (a Sync): engines in use
 * are never emptied and reloaded in place, so an enforce running meanwhile sees whole policies.
 */
async function engineFor(
  server: ServerContext,
  viewer: Viewer,
  id: string,
  action: 'read' | 'update',
  fresh = false,
): Promise<Engine> {
  await enforcerFor(server, viewer, id, action);
  if (fresh) dropEngine(server, id);
  return withStorageErrors(() => server.services.authorization.engines.engineOf(id));
}

/** Runs a storage operation; a driver's failure becomes an AppError carrying its message. */
async function withStorageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('adapterConnectFailed', { detail: error instanceof Error ? error.message : String(error) });
  }
}

/** Every policy of the enforcer, freshly read from its adapter (Casdoor's get-policies: a Sync). */
export async function listPolicies(server: ServerContext, viewer: Viewer, id: string): Promise<CasbinRule[]> {
  // Read from the adapter as Casdoor does (its rows carry their ids); the engine is built anew from
  // the same rows on its next use (a Sync), so what this answers is what enforcement sees.
  const { policies } = await policyPage(server, viewer, id, { page: 1, pageSize: Number.MAX_SAFE_INTEGER }, true);
  return policies;
}

/**
 * One page of the enforcer's policies and their total (the console's policy table), read from the
 * adapter's table with LIMIT/OFFSET, never through the engine (which holds every row): the rows of
 * the ptypes the model defines, in the engine's order (listPolicies without paging). `sync` also
 * drops the cached engine, so that its next use reads the adapter again (the console's Sync).
 */
export async function policyPage(
  server: ServerContext,
  viewer: Viewer,
  id: string,
  page: PageRequest,
  sync = false,
): Promise<{ policies: CasbinRule[]; total: number }> {
  const record = await enforcerFor(server, viewer, id, 'read');
  const [model, adapter] = await Promise.all([modelOf(server, record.model, id), adapterOf(server, record.adapter, id)]);
  const ptypes = ptypesOf(loadModelText(model.modelText));
  if (sync) dropEngine(server, id);
  const store = ruleStoreOf(server, adapter);
  const { rows, total } = await withStorageErrors(() => store.page(ptypes, (page.page - 1) * page.pageSize, page.pageSize));
  return { policies: rows.map(wireRule), total };
}

/** The policies matching every filter (a filter's ptype defaults to p; fieldValues any of). */
export async function filteredPolicies(
  server: ServerContext,
  viewer: Viewer,
  id: string,
  filters: PolicyFilter[],
): Promise<CasbinRule[]> {
  const engine = await engineFor(server, viewer, id, 'read');
  const rows = rowsOf(engine.enforcer.getModel());
  return rows
    .filter((row) =>
      filters.every((f) => {
        if (row.ptype !== (f.ptype || 'p')) return false;
        const index = f.fieldIndex;
        if (index === undefined || index < 0 || index > 5 || !f.fieldValues || f.fieldValues.length === 0) return true;
        return f.fieldValues.includes(row.values[index] ?? '');
      }),
    )
    .map(wireRule);
}

/** The filters of a get-filtered-policies body. */
export function filtersOfBody(body: unknown): PolicyFilter[] {
  if (!Array.isArray(body)) throw new AppError('invalidRequest', { detail: 'the body must be an array of filters' });
  return body.map((item): PolicyFilter => {
    if (typeof item !== 'object' || item === null) throw new AppError('invalidRequest', { detail: 'a filter must be an object' });
    const f = Object.fromEntries(Object.entries(item));
    const values = Array.isArray(f.fieldValues) ? f.fieldValues.filter((v): v is string => typeof v === 'string') : [];
    return {
      ptype: typeof f.ptype === 'string' ? f.ptype : undefined,
      fieldIndex: typeof f.fieldIndex === 'number' ? f.fieldIndex : undefined,
      fieldValues: values,
    };
  });
}

/**
 * A policy write through the enforcer's engine, heard at once (the engine's adapter has written
 * it): the engine holds it already, the compiled enforcers here and every instance's engines and
 * enforcers are rebuilt.
 */
function announce(server: ServerContext, id: string): void {
  server.services.writes.report(server.database.db, { entity: 'enforcer', kind: 'update', id, fields: [POLICIES] });
}

/** Adds a policy; false when the enforcer already has it. */
export async function addPolicy(server: ServerContext, viewer: Viewer, id: string, rule: RuleRow): Promise<boolean> {
  const engine = await engineFor(server, viewer, id, 'update');
  checkRuleFits(engine.enforcer.getModel(), rule.ptype, rule.values);
  const sec = rule.ptype.charAt(0);
  const added = await withStorageErrors(() =>
    sec === 'p'
      ? engine.enforcer.addNamedPolicy(rule.ptype, ...rule.values)
      : engine.enforcer.addNamedGroupingPolicy(rule.ptype, ...rule.values),
  );
  if (added) announce(server, id);
  return added;
}

/** Replaces a policy by another of the same ptype; false when the old one is not there or the new one already is. */
export async function updatePolicy(
  server: ServerContext,
  viewer: Viewer,
  id: string,
  old: RuleRow,
  next: RuleRow,
): Promise<boolean> {
  const engine = await engineFor(server, viewer, id, 'update');
  const model = engine.enforcer.getModel();
  checkRuleFits(model, old.ptype, old.values);
  checkRuleFits(model, old.ptype, next.values);
  const sec = old.ptype.charAt(0);
  if (model.hasPolicy(sec, old.ptype, next.values)) return false;
  const updated = await withStorageErrors(() =>
    sec === 'p'
      ? engine.enforcer.updateNamedPolicy(old.ptype, old.values, next.values)
      : engine.enforcer.updateNamedGroupingPolicy(old.ptype, old.values, next.values),
  );
  if (updated) announce(server, id);
  return updated;
}

/** Removes a policy; false when the enforcer does not have it. */
export async function removePolicy(server: ServerContext, viewer: Viewer, id: string, rule: RuleRow): Promise<boolean> {
  const engine = await engineFor(server, viewer, id, 'update');
  checkRuleFits(engine.enforcer.getModel(), rule.ptype, rule.values);
  const sec = rule.ptype.charAt(0);
  const removed = await withStorageErrors(() =>
    sec === 'p'
      ? engine.enforcer.removeNamedPolicy(rule.ptype, ...rule.values)
      : engine.enforcer.removeNamedGroupingPolicy(rule.ptype, ...rule.values),
  );
  if (removed) announce(server, id);
  return removed;
}

/**
 * Connects with a stored adapter's settings (get-policies?adapterId=, the console's Test DB
 * Connection): the server's own database always answers; an external one is reached through the
 * address guard and asked a trivial query. Refused for types without a driver.
 */
export async function testAdapter(server: ServerContext, viewer: Viewer, adapterId: string): Promise<void> {
  const key = splitId(adapterId);
  const adapter = key ? await server.repo(adapterDef).get(key.owner, key.name) : undefined;
  if (!adapter) throw new AppError('enforcerAdapterNotFound', { adapter: adapterId, id: '-' });
  if (!may(adapterDef, 'read', viewer, adapter)) throw refusal(viewer);
  if (adapter.useSameDb) return;
  await withStorageErrors(() =>
    withExternalDb(server.services.outbound, adapter, server.config.dataDir, (db) => db.all('select 1 as one')),
  );
}
