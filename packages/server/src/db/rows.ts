import type { EntityDefinition } from '@gatehouse/entities';
import { fieldEntries, fromMoneyUnits, toMoneyUnits } from '@gatehouse/entities';
import type { DialectName } from './database.js';

/**
 * Converts between records (the JSON shape clients see) and rows (what the engines store):
 * lists and structured values are JSON text, booleans are 1/0 on SQLite and MySQL, sums of money
 * whole ten-thousandths (money.ts).
 */
export function toRow(
  def: EntityDefinition<any>,
  record: Record<string, unknown>,
  dialect: DialectName,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, field] of fieldEntries(def)) {
    if (!(key in record)) continue;
    const v = record[key];
    switch (field.kind) {
      case 'list':
      case 'json':
        row[key] = JSON.stringify(v ?? field.empty());
        break;
      case 'bool':
        row[key] = dialect === 'postgres' ? Boolean(v) : v ? 1 : 0;
        break;
      case 'int':
        row[key] = Number(v ?? 0);
        break;
      case 'money':
        row[key] = toMoneyUnits(Number(v ?? 0));
        break;
      default:
        row[key] = v ?? '';
    }
  }
  return row;
}

export function fromRow(def: EntityDefinition<any>, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, field] of fieldEntries(def)) {
    const v = row[key];
    if (v === null || v === undefined) {
      record[key] = field.empty();
      continue;
    }
    switch (field.kind) {
      case 'list':
      case 'json':
        record[key] = parseJson(v, field.empty);
        break;
      case 'bool':
        record[key] = v === true || v === 1 || v === '1' || v === 't';
        break;
      case 'int':
        record[key] = Number(v);
        break;
      case 'money':
        // PostgreSQL answers bigint as text.
        record[key] = fromMoneyUnits(Number(v));
        break;
      default:
        record[key] = String(v);
    }
  }
  return record;
}

function parseJson(v: unknown, empty: () => unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v === '') return empty();
  try {
    return JSON.parse(v);
  } catch {
    return empty();
  }
}

/** A boolean as the engine binds it (SQLite and MySQL store 1/0). */
export function sqlBool(dialect: DialectName, value: boolean): boolean | number {
  return dialect === 'postgres' ? value : value ? 1 : 0;
}
