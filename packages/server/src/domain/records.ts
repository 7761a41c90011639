import {
  type EntityDefinition,
  fieldEntries,
  isDelegated,
  isStoredPath,
  keyFieldOf,
  MASK,
  may,
  NAME_PATTERN,
  type Viewer,
} from '@gatehouse/entities';
import type { LooseRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';

/** Whether `viewer` may update `record` (and so see its secrets). */
export function canUpdate(def: EntityDefinition, viewer: Viewer | null, record: LooseRecord): boolean {
  return may(def, 'update', viewer, record);
}

/**
 * The record as `viewer` may see it: hidden fields dropped, passwords always ***, secrets *** for
 * viewers who may not edit the record.
 */
export function maskRecord(def: EntityDefinition, record: LooseRecord, viewer: Viewer | null, withSecret = false): LooseRecord {
  // A token issued to another application never reads a secret, whatever its user may edit.
  const asked = def.secretsRead === undefined || (def.secretsRead === 'onRequest' && withSecret);
  const editable = asked && canUpdate(def, viewer, record) && !isDelegated(viewer);
  const out: LooseRecord = {};
  for (const [key, field] of fieldEntries(def)) {
    if (field.hidden) continue;
    const v = record[key];
    if (field.kind === 'password') out[key] = v ? MASK : '';
    else if (field.kind === 'secret' && !editable) out[key] = v ? MASK : '';
    else if (field.secretKeys) out[key] = maskRows(v, field.secretKeys);
    else out[key] = v;
  }
  return out;
}

/**
 * Validates the fields a caller sent. From a viewer, server-only and hidden fields are ignored (the
 * server sets them); the server itself (`system`) may set them. With `columns`, only those fields
 * are taken (update-x?columns=a,b).
 */
export function parseIncoming(
  def: EntityDefinition,
  actor: Actor,
  body: unknown,
  columns?: string[],
): { values: LooseRecord; provided: Set<string> } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalidRequest', { detail: 'the body must be a JSON object' });
  }
  const input: LooseRecord = { ...body };
  // The name (when it is the key) gets its own message rather than a generic field error.
  const keyField = keyFieldOf(def);
  if (keyField === 'name' && 'name' in input && (!columns || columns.includes('name'))) checkName(input.name, def);
  const values: LooseRecord = {};
  const provided = new Set<string>();
  const trusted = actor === 'system';
  for (const [key, field] of fieldEntries(def)) {
    if (!(key in input) || (!trusted && (field.serverOnly || field.hidden))) continue;
    if (columns && !columns.includes(key) && key !== 'owner' && key !== keyField) continue;
    const parsed = field.schema.safeParse(input[key]);
    if (!parsed.success) {
      const detail = parsed.error.issues[0]?.message ?? 'invalid';
      throw new AppError('invalidField', { field: key, detail });
    }
    const problem = field.check?.(parsed.data);
    if (problem) throw new AppError(problem.key, { field: key, ...problem.params });
    values[key] = parsed.data;
    provided.add(key);
  }
  return { values, provided };
}

/** A record's name: no "/" or whitespace, or for path-named entities (resources) a stored path. */
export function checkName(name: unknown, def?: EntityDefinition): void {
  if (typeof name !== 'string' || name === '') throw new AppError('nameRequired');
  if (def?.pathName) {
    if (!isStoredPath(name)) throw new AppError('badPathName', { name });
  } else if (!NAME_PATTERN.test(name)) {
    throw new AppError('badName', { name });
  }
}

/** Applies an update onto the stored record: the mask keeps a secret; the mask or '' keeps a password. */
export function mergeForUpdate(def: EntityDefinition, stored: LooseRecord, incoming: LooseRecord): LooseRecord {
  const next: LooseRecord = { ...stored };
  for (const [key, value] of Object.entries(incoming)) {
    const field = def.fields[key];
    if (!field) continue;
    if (field.kind === 'secret' && value === MASK) continue;
    if (field.kind === 'password' && (value === MASK || value === '')) continue;
    next[key] = field.secretKeys ? unmaskRows(value, stored[key], field.secretKeys) : value;
  }
  return next;
}

function rowsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
}

/** A JSON list of objects with its secret keys as *** (set) or '' (unset). */
function maskRows(value: unknown, keys: readonly string[]): unknown {
  if (!Array.isArray(value)) return value;
  return rowsOf(value).map((row) => ({ ...row, ...Object.fromEntries(keys.map((k) => [k, row[k] ? MASK : ''])) }));
}

/**
 * The rows sent back with their masked secrets restored: a row keeps the stored secret of the row
 * that has the same other values (the same account), else of the row at its position.
 */
function unmaskRows(value: unknown, stored: unknown, keys: readonly string[]): unknown {
  if (!Array.isArray(value)) return value;
  const before = rowsOf(stored);
  const identity = (row: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(row)
        .filter(([k]) => !keys.includes(k))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return rowsOf(value).map((row, index) => {
    const match = before.find((old) => identity(old) === identity(row)) ?? before[index];
    const restored = { ...row };
    for (const k of keys) if (row[k] === MASK) restored[k] = match?.[k] ?? '';
    return restored;
  });
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/**
 * The first field whose value changes although its `editable` rule refuses the viewer. While
 * adding, owner, key (the name) and the organization field are governed by the create rule instead (which
 * holds an organization administrator to their own organization), and a value is a change when it
 * differs from the field's empty value.
 */
export function firstLockedChange(
  def: EntityDefinition,
  viewer: Viewer,
  before: LooseRecord | undefined,
  next: LooseRecord,
): string | null {
  for (const [key, field] of fieldEntries(def)) {
    if (!field.editable || !(key in next)) continue;
    if (!before && (key === 'owner' || key === keyFieldOf(def) || key === def.orgField)) continue;
    const previous = before ? before[key] : field.empty();
    if (field.kind === 'password' && next[key] === previous) continue;
    if (same(previous, next[key])) continue;
    if (!field.editable({ viewer, record: before ?? next, next, adding: !before })) return key;
  }
  return null;
}
