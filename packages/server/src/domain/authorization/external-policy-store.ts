import { ADAPTER_TABLE_PATTERN, type Adapter, adapterTableOf } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import { type ExternalDb, type ExternalRow, withExternalDb } from '../../integrations/database/external-db.js';
import type { Outbound } from '../../integrations/http/outbound.js';
import {
  countOf,
  exactConditions,
  filteredConditions,
  padded,
  pageByPtype,
  type RuleFilter,
  type RulePage,
  type RuleRow,
  type RuleStore,
  trimmedValues,
  VALUE_COLUMNS,
} from './policy-rows.js';

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

const EXTERNAL_COLUMNS = `id, ptype, ${VALUE_COLUMNS.join(', ')}`;

function externalRow(r: ExternalRow): RuleRow {
  const id = Number(r.id);
  const row: RuleRow = { ptype: textOf(r.ptype), values: trimmedValues(VALUE_COLUMNS.map((c) => textOf(r[c]))) };
  return Number.isSafeInteger(id) ? { ...row, id } : row;
}

/** `?, ?, ?` for a list of values. */
const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The rows of a table `adapter.table` (id, ptype, v0..v5; casbin_rule when the adapter names none,
 * as Casdoor's) in an external MySQL/MariaDB, PostgreSQL or SQLite database, created when missing.
 * The name goes into SQL only through the connection's quoting (`db.quote`, each part of
 * schema.table an identifier). Each operation opens a connection and closes it (see
 * integrations/database/external-db.ts).
 */
export class ExternalRuleStore implements RuleStore {
  constructor(
    private readonly outbound: Outbound,
    private readonly adapter: Adapter,
    private readonly dataDir: string,
  ) {
    if (!ADAPTER_TABLE_PATTERN.test(adapter.table)) throw new AppError('adapterTableInvalid', { table: adapter.table });
  }

  private with<T>(work: (db: ExternalDb, table: string) => Promise<T>): Promise<T> {
    return withExternalDb(this.outbound, this.adapter, this.dataDir, async (db) => {
      const table = db.quote(adapterTableOf(this.adapter));
      await db.run(ensureTableSql(db, table));
      return work(db, table);
    });
  }

  load(filter: RuleFilter = {}): Promise<RuleRow[]> {
    return this.with(async (db, table) => {
      const where: string[] = [];
      const params: string[] = [];
      if (filter.ptype && filter.ptype.length > 0) {
        where.push(`ptype in (${marks(filter.ptype)})`);
        params.push(...filter.ptype);
      }
      for (const [index, accepted] of Object.entries(filter.values ?? {})) {
        const column = VALUE_COLUMNS[Number(index)];
        if (!column || !accepted || accepted.length === 0) continue;
        where.push(`${column} in (${marks(accepted)})`);
        params.push(...accepted);
      }
      const clause = where.length > 0 ? ` where ${where.join(' and ')}` : '';
      const rows = await db.all(`select ${EXTERNAL_COLUMNS} from ${table}${clause} order by id`, params);
      return rows.map(externalRow);
    });
  }

  page(ptypes: readonly string[], offset: number, limit: number): Promise<RulePage> {
    if (ptypes.length === 0) return Promise.resolve({ rows: [], total: 0 });
    return this.with(async (db, table) => {
      const counted = await db.all(`select ptype, count(*) as n from ${table} where ptype in (${marks(ptypes)}) group by ptype`, [
        ...ptypes,
      ]);
      const counts = new Map(counted.map((r) => [textOf(r.ptype), countOf(r.n)]));
      return pageByPtype(ptypes, counts, offset, limit, async (ptype, skip, take) => {
        const rows = await db.all(`select ${EXTERNAL_COLUMNS} from ${table} where ptype = ? order by id limit ? offset ?`, [
          ptype,
          take,
          skip,
        ]);
        return rows.map(externalRow);
      });
    });
  }

  add(rows: RuleRow[]): Promise<void> {
    return this.with((db, table) => insertRows(db, table, rows));
  }

  remove(rows: RuleRow[]): Promise<void> {
    return this.with(async (db, table) => {
      for (const r of rows) await deleteWhere(db, table, exactConditions(r.ptype, r.values));
    });
  }

  removeFiltered(ptype: string, fieldIndex: number, fieldValues: string[]): Promise<void> {
    return this.with((db, table) => deleteWhere(db, table, filteredConditions(ptype, fieldIndex, fieldValues)));
  }

  replaceAll(rows: RuleRow[]): Promise<void> {
    return this.with(async (db, table) => {
      await db.run(`delete from ${table}`);
      await insertRows(db, table, rows);
    });
  }

  update(ptype: string, oldValues: string[], newValues: string[]): Promise<void> {
    return this.with(async (db, table) => {
      const next = padded(newValues);
      const old = padded(oldValues);
      const sets = VALUE_COLUMNS.map((c) => `${c} = ?`).join(', ');
      const where = VALUE_COLUMNS.map((c) => `${c} = ?`).join(' and ');
      await db.run(`update ${table} set ${sets} where ptype = ? and ${where}`, [
        ...VALUE_COLUMNS.map((c) => next[c]),
        ptype,
        ...VALUE_COLUMNS.map((c) => old[c]),
      ]);
    });
  }
}

function ensureTableSql(db: ExternalDb, table: string): string {
  const id =
    db.dialect === 'postgres'
      ? 'id bigserial primary key'
      : db.dialect === 'mysql'
        ? 'id bigint primary key auto_increment'
        : 'id integer primary key autoincrement';
  const values = VALUE_COLUMNS.map((c) => `${c} varchar(255) not null default ''`).join(', ');
  return `create table if not exists ${table} (${id}, ptype varchar(100) not null default '', ${values})`;
}

async function insertRows(db: ExternalDb, table: string, rows: RuleRow[]): Promise<void> {
  for (const r of rows) {
    const cols = padded(r.values);
    await db.run(`insert into ${table} (ptype, v0, v1, v2, v3, v4, v5) values (?, ?, ?, ?, ?, ?, ?)`, [
      r.ptype,
      ...VALUE_COLUMNS.map((c) => cols[c]),
    ]);
  }
}

async function deleteWhere(db: ExternalDb, table: string, conditions: [string, string][]): Promise<void> {
  const where = conditions.map(([column]) => `${column} = ?`).join(' and ');
  await db.run(
    `delete from ${table} where ${where}`,
    conditions.map(([, value]) => value),
  );
}
