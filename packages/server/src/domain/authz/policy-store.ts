import { ADAPTER_TABLE_PATTERN, type Adapter } from '@gatehouse/entities';
import type { Model } from 'casbin';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type ExternalDb, type ExternalRow, withExternalDb } from '../../integrations/database/external-db.js';

/** One stored policy row: its ptype and up to six values (v0..v5, "" when unused). */
export interface RuleRow {
  ptype: string;
  values: string[];
}

/**
 * Which rows a filtered load reads: by ptype (none: all), and per value position a list of
 * accepted values (none or empty: any). `{ptype: ['p'], values: {5: ['acme/perm']}}` reads one
 * permission's rows.
 */
export interface RuleFilter {
  ptype?: string[];
  values?: Partial<Record<0 | 1 | 2 | 3 | 4 | 5, string[]>>;
}

const VALUE_COLUMNS = ['v0', 'v1', 'v2', 'v3', 'v4', 'v5'] as const;
type ValueColumn = (typeof VALUE_COLUMNS)[number];

/** The six value columns of a rule (missing values as ""). */
function padded(values: readonly string[]): Record<ValueColumn, string> {
  return {
    v0: values[0] ?? '',
    v1: values[1] ?? '',
    v2: values[2] ?? '',
    v3: values[3] ?? '',
    v4: values[4] ?? '',
    v5: values[5] ?? '',
  };
}

/** A rule's values without the trailing empty ones (as casbin and Casdoor's CasbinToSlice read them). */
export function trimmedValues(values: readonly string[]): string[] {
  const out = [...values];
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** Where an adapter's rows are kept: read, append, delete by exact values or by a filter. */
export interface RuleStore {
  load(filter?: RuleFilter): Promise<RuleRow[]>;
  add(rows: RuleRow[]): Promise<void>;
  /** Removes rows with exactly these values. */
  remove(rows: RuleRow[]): Promise<void>;
  /** Removes the rows of `ptype` whose values from `fieldIndex` on equal `fieldValues` ("" matches anything). */
  removeFiltered(ptype: string, fieldIndex: number, fieldValues: string[]): Promise<void>;
  /** Replaces every row (savePolicy). */
  replaceAll(rows: RuleRow[]): Promise<void>;
  update(ptype: string, oldValues: string[], newValues: string[]): Promise<void>;
}

/** Matching conditions shared by both stores: column → value. */
function exactConditions(ptype: string, values: readonly string[]): [string, string][] {
  const cols = padded(values);
  return [['ptype', ptype], ...VALUE_COLUMNS.map((c): [string, string] => [c, cols[c]])];
}

function filteredConditions(ptype: string, fieldIndex: number, fieldValues: readonly string[]): [string, string][] {
  const out: [string, string][] = [['ptype', ptype]];
  fieldValues.forEach((value, i) => {
    const column = VALUE_COLUMNS[fieldIndex + i];
    if (column && value !== '') out.push([column, value]);
  });
  return out;
}

/** The rows of one adapter table kept in the server's own `casbinRule` table (useSameDb). */
export class SameDbRuleStore implements RuleStore {
  constructor(
    private readonly db: Db,
    private readonly tableName: string,
  ) {}

  async load(filter: RuleFilter = {}): Promise<RuleRow[]> {
    let q = this.db.selectFrom('casbinRule').selectAll().where('tableName', '=', this.tableName);
    if (filter.ptype && filter.ptype.length > 0) q = q.where('ptype', 'in', filter.ptype);
    for (const [index, accepted] of Object.entries(filter.values ?? {})) {
      const column = VALUE_COLUMNS[Number(index)];
      if (column && accepted && accepted.length > 0) q = q.where(column, 'in', accepted);
    }
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => ({ ptype: r.ptype, values: trimmedValues([r.v0, r.v1, r.v2, r.v3, r.v4, r.v5]) }));
  }

  async add(rows: RuleRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('casbinRule')
      .values(rows.map((r) => ({ tableName: this.tableName, ptype: r.ptype, ...padded(r.values) })))
      .execute();
  }

  private async deleteWhere(conditions: [string, string][]): Promise<void> {
    let q = this.db.deleteFrom('casbinRule').where('tableName', '=', this.tableName);
    for (const [column, value] of conditions) {
      if (column === 'ptype') q = q.where('ptype', '=', value);
      else {
        const valueColumn = VALUE_COLUMNS.find((c) => c === column);
        if (valueColumn) q = q.where(valueColumn, '=', value);
      }
    }
    await q.execute();
  }

  async remove(rows: RuleRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const store = new SameDbRuleStore(trx, this.tableName);
      for (const r of rows) await store.deleteWhere(exactConditions(r.ptype, r.values));
    });
  }

  async removeFiltered(ptype: string, fieldIndex: number, fieldValues: string[]): Promise<void> {
    await this.deleteWhere(filteredConditions(ptype, fieldIndex, fieldValues));
  }

  async replaceAll(rows: RuleRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('casbinRule').where('tableName', '=', this.tableName).execute();
      await new SameDbRuleStore(trx, this.tableName).add(rows);
    });
  }

  async update(ptype: string, oldValues: string[], newValues: string[]): Promise<void> {
    let q = this.db
      .updateTable('casbinRule')
      .set(padded(newValues))
      .where('tableName', '=', this.tableName)
      .where('ptype', '=', ptype);
    const old = padded(oldValues);
    for (const column of VALUE_COLUMNS) q = q.where(column, '=', old[column]);
    await q.execute();
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/**
 * The rows of a table `adapter.table` (id, ptype, v0..v5) in an external MySQL/MariaDB,
 * PostgreSQL or SQLite database, created when missing. Each operation opens a connection and
 * closes it (see integrations/database/external-db.ts).
 */
export class ExternalRuleStore implements RuleStore {
  constructor(
    private readonly adapter: Adapter,
    private readonly dataDir: string,
  ) {
    if (!ADAPTER_TABLE_PATTERN.test(adapter.table)) throw new AppError('adapterTableInvalid', { table: adapter.table });
  }

  private with<T>(work: (db: ExternalDb, table: string) => Promise<T>): Promise<T> {
    return withExternalDb(this.adapter, this.dataDir, async (db) => {
      const table = db.quote(this.adapter.table);
      await db.run(ensureTableSql(db, table));
      return work(db, table);
    });
  }

  load(filter: RuleFilter = {}): Promise<RuleRow[]> {
    return this.with(async (db, table) => {
      const where: string[] = [];
      const params: string[] = [];
      if (filter.ptype && filter.ptype.length > 0) {
        where.push(`ptype in (${filter.ptype.map(() => '?').join(', ')})`);
        params.push(...filter.ptype);
      }
      for (const [index, accepted] of Object.entries(filter.values ?? {})) {
        const column = VALUE_COLUMNS[Number(index)];
        if (!column || !accepted || accepted.length === 0) continue;
        where.push(`${column} in (${accepted.map(() => '?').join(', ')})`);
        params.push(...accepted);
      }
      const clause = where.length > 0 ? ` where ${where.join(' and ')}` : '';
      const rows = await db.all(`select ptype, v0, v1, v2, v3, v4, v5 from ${table}${clause} order by id`, params);
      return rows.map((r: ExternalRow) => ({
        ptype: textOf(r.ptype),
        values: trimmedValues(VALUE_COLUMNS.map((c) => textOf(r[c]))),
      }));
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

/** The store of an adapter: its namespace of `casbinRule`, or its external table. */
export function ruleStoreOf(db: Db, dataDir: string, adapter: Adapter): RuleStore {
  return adapter.useSameDb ? new SameDbRuleStore(db, adapter.table) : new ExternalRuleStore(adapter, dataDir);
}

/** Puts rows into a casbin model: rows whose ptype the model lacks are skipped. */
export function loadRowsInto(model: Model, rows: RuleRow[]): void {
  for (const row of rows) {
    const sec = row.ptype.charAt(0);
    if (!model.model.get(sec)?.has(row.ptype)) continue;
    model.addPolicy(sec, row.ptype, row.values);
  }
}

/** Every rule of a casbin model, p sections then g sections. */
export function rowsOf(model: Model): RuleRow[] {
  const rows: RuleRow[] = [];
  for (const sec of ['p', 'g']) {
    for (const [ptype, assertion] of model.model.get(sec) ?? new Map()) {
      for (const values of assertion.policy) rows.push({ ptype, values: [...values] });
    }
  }
  return rows;
}
