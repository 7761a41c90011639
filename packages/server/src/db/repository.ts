import {
  type EntityDefinition,
  type Fields,
  fieldEntries,
  fromMoneyUnits,
  keyFieldOf,
  type RecordOf,
  toMoneyUnits,
} from '@gatehouse/entities';
import type { Database, Db } from './database.js';
import { type ListParams, runList } from './list.js';
import { loose } from './loose.js';
import { type PreparedQuery, prepared } from './prepared.js';

/** A record as the generic code handles it: field name to value. */
export type LooseRecord = { [field: string]: unknown };

/**
 * A record of entity `def`, seen with its fields' types. Only for records built field by field from
 * this definition: read from its table (schema.ts derives the table from the fields, the drift
 * test checks the engines, the stored-values plugin reads each column as its field's type) or
 * validated by the fields' schemas (domain/records.ts parseIncoming). The one place where the
 * generic code's records meet the entity types.
 */
export function typedRecord<F extends Fields>(_def: EntityDefinition<F>, record: LooseRecord): RecordOf<F> {
  return record as RecordOf<F>;
}

/**
 * The read of one row by a column (and the owner), compiled once per database (prepared.ts, the
 * database's `queries`) under its table and column: `get` and `findBy` run on most requests (an
 * account's user, a token by its hash).
 */
function pointRead(table: string, column: string, withOwner: boolean): PreparedQuery<LooseRecord> {
  return prepared(`repository:${table}.${column}${withOwner ? '+owner' : ''}`, (db, value, owner) => {
    const q = loose(db).selectFrom(table).selectAll().where(column, '=', value);
    return withOwner ? q.where('owner', '=', owner) : q;
  });
}

/**
 * Reads and writes the records of one entity. The stored-values plugin has already converted
 * booleans, JSON and NULLs; this adds what depends on the field rather than on the column (sums of
 * money are whole ten-thousandths in the table, decimals in the record) and fills fields a row
 * lacks. Every method takes an optional transaction. A record is found by its owner and key: its
 * name, or the definition's `keyField` (LDAP servers: id).
 */
export class Repository<F extends Fields = Fields> {
  /** The column naming a record within its owner. */
  readonly keyColumn: string;

  constructor(
    readonly def: EntityDefinition<F>,
    private readonly database: Database,
  ) {
    this.keyColumn = keyFieldOf(def);
  }

  private ex(trx?: Db) {
    return loose(trx ?? this.database.db);
  }

  async get(owner: string, key: string, trx?: Db): Promise<RecordOf<F> | undefined> {
    const read = pointRead(this.def.table, this.keyColumn, true);
    const [row] = await this.database.queries.run(trx ?? this.database.db, read, key, owner);
    return row ? this.toRecord(row) : undefined;
  }

  /** The first record whose `field` holds `value` (within `owner` when given). */
  async findBy(
    field: keyof F & string,
    value: string,
    scope: { owner?: string } = {},
    trx?: Db,
  ): Promise<RecordOf<F> | undefined> {
    const db = trx ?? this.database.db;
    const { owner } = scope;
    const { queries } = this.database;
    const [row] = await (owner === undefined
      ? queries.run(db, pointRead(this.def.table, field, false), value)
      : queries.run(db, pointRead(this.def.table, field, true), value, owner));
    return row ? this.toRecord(row) : undefined;
  }

  async exists(owner: string, key: string, trx?: Db): Promise<boolean> {
    const row = await this.ex(trx)
      .selectFrom(this.def.table)
      .select(this.keyColumn)
      .where('owner', '=', owner)
      .where(this.keyColumn, '=', key)
      .executeTakeFirst();
    return !!row;
  }

  async list(params: ListParams, scope: string, trx?: Db): Promise<{ records: RecordOf<F>[]; total: number | null }> {
    const { rows, total } = await runList(this.ex(trx), this.def, params, scope, this.database.dialect);
    return { records: rows.map((r) => this.toRecord(r)), total };
  }

  async insert(record: RecordOf<F>, trx?: Db): Promise<void> {
    await this.ex(trx).insertInto(this.def.table).values(this.toRow(record)).execute();
  }

  /** Inserts several records with one statement (bulk loads: keep rows x columns under the engine's parameter limit). */
  async insertMany(records: readonly RecordOf<F>[], trx?: Db): Promise<void> {
    if (records.length === 0) return;
    await this.ex(trx)
      .insertInto(this.def.table)
      .values(records.map((record) => this.toRow(record)))
      .execute();
  }

  /** Writes the given fields of the record stored under (owner, key); they may carry a new key. */
  async update(owner: string, key: string, values: Partial<RecordOf<F>>, trx?: Db): Promise<number> {
    const result = await this.ex(trx)
      .updateTable(this.def.table)
      .set(this.toRow(values))
      .where('owner', '=', owner)
      .where(this.keyColumn, '=', key)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delete(owner: string, key: string, trx?: Db): Promise<number> {
    const result = await this.ex(trx)
      .deleteFrom(this.def.table)
      .where('owner', '=', owner)
      .where(this.keyColumn, '=', key)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The row of the fields the record holds (the others stay as they are in the table). */
  private toRow(record: Partial<RecordOf<F>>): LooseRecord {
    const values: LooseRecord = record;
    const row: LooseRecord = {};
    for (const [key, field] of fieldEntries(this.def)) {
      if (!(key in values)) continue;
      const value = values[key] ?? field.empty();
      row[key] = field.kind === 'money' ? toMoneyUnits(Number(value)) : value;
    }
    return row;
  }

  /** The record of a row read from this entity's table. */
  toRecord(row: LooseRecord): RecordOf<F> {
    const record: LooseRecord = {};
    for (const [key, field] of fieldEntries(this.def)) {
      const value = row[key];
      if (value === undefined || value === null) record[key] = field.empty();
      else record[key] = field.kind === 'money' ? fromMoneyUnits(Number(value)) : value;
    }
    return typedRecord(this.def, record);
  }
}
