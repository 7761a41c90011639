import { type Adapter, adapterTableOf } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { ExternalRuleStore } from './external-policy-store.js';
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
  type ValueColumn,
} from './policy-rows.js';

function storedRow(r: Record<'ptype' | ValueColumn, string> & { id: number }): RuleRow {
  return { ptype: r.ptype, values: trimmedValues([r.v0, r.v1, r.v2, r.v3, r.v4, r.v5]), id: Number(r.id) };
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
    return rows.map(storedRow);
  }

  async page(ptypes: readonly string[], offset: number, limit: number): Promise<RulePage> {
    if (ptypes.length === 0) return { rows: [], total: 0 };
    // Both reads follow the (tableName, ptype, id) index.
    const counted = await this.db
      .selectFrom('casbinRule')
      .select((eb) => ['ptype', eb.fn.countAll().as('count')])
      .where('tableName', '=', this.tableName)
      .where('ptype', 'in', ptypes)
      .groupBy('ptype')
      .execute();
    const counts = new Map(counted.map((r) => [r.ptype, countOf(r.count)]));
    return pageByPtype(ptypes, counts, offset, limit, async (ptype, skip, take) => {
      const rows = await this.db
        .selectFrom('casbinRule')
        .selectAll()
        .where('tableName', '=', this.tableName)
        .where('ptype', '=', ptype)
        .orderBy('id')
        .limit(take)
        .offset(skip)
        .execute();
      return rows.map(storedRow);
    });
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

/**
 * The store of an adapter: its namespace of `casbinRule`, or its external table; an empty table is
 * casbin_rule (namespace or table) as in Casdoor.
 */
export function ruleStoreOf(server: ServerContext, adapter: Adapter): RuleStore {
  return adapter.useSameDb
    ? new SameDbRuleStore(server.database.db, adapterTableOf(adapter))
    : new ExternalRuleStore(server.services.outbound, adapter, server.config.dataDir);
}
