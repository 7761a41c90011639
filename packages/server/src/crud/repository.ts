import type { EntityDefinition } from '@gatehouse/entities';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { fromRow, toRow } from '../db/rows.js';
import { type ListParams, runList } from './list-query.js';

export type Rec = Record<string, unknown>;

/**
 * Reads and writes records of one entity, converting rows to records. Every method takes an
 * optional executor so hooks can run inside the caller's transaction.
 */
export class Repository {
  constructor(
    readonly def: EntityDefinition<any>,
    private readonly database: Database,
  ) {}

  private ex(trx?: Kysely<any>): Kysely<any> {
    return trx ?? this.database.db;
  }

  async get(owner: string, name: string, trx?: Kysely<any>): Promise<Rec | undefined> {
    const row = await this.ex(trx)
      .selectFrom(this.def.table)
      .selectAll()
      .where('owner', '=', owner)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? fromRow(this.def, row) : undefined;
  }

  async findBy(field: string, value: string, scope: { owner?: string } = {}, trx?: Kysely<any>): Promise<Rec | undefined> {
    let q = this.ex(trx).selectFrom(this.def.table).selectAll().where(field, '=', value);
    if (scope.owner !== undefined) q = q.where('owner', '=', scope.owner);
    const row = await q.executeTakeFirst();
    return row ? fromRow(this.def, row) : undefined;
  }

  async exists(owner: string, name: string, trx?: Kysely<any>): Promise<boolean> {
    const row = await this.ex(trx)
      .selectFrom(this.def.table)
      .select('name')
      .where('owner', '=', owner)
      .where('name', '=', name)
      .executeTakeFirst();
    return !!row;
  }

  async list(params: ListParams, scope: string, trx?: Kysely<any>): Promise<{ records: Rec[]; total: number | null }> {
    const { rows, total } = await runList(this.ex(trx), this.def, params, scope, this.database.dialect);
    return { records: rows.map((r) => fromRow(this.def, r)), total };
  }

  async insert(record: Rec, trx?: Kysely<any>): Promise<void> {
    await this.ex(trx)
      .insertInto(this.def.table)
      .values(toRow(this.def, record, this.database.dialect))
      .execute();
  }

  /** Replaces the record stored under (owner, name); the new values may carry a new key. */
  async update(owner: string, name: string, record: Rec, trx?: Kysely<any>): Promise<number> {
    const result = await this.ex(trx)
      .updateTable(this.def.table)
      .set(toRow(this.def, record, this.database.dialect))
      .where('owner', '=', owner)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delete(owner: string, name: string, trx?: Kysely<any>): Promise<number> {
    const result = await this.ex(trx)
      .deleteFrom(this.def.table)
      .where('owner', '=', owner)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
