import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type TableNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';
import type { StoredColumn } from './schema.js';

/**
 * The one place where values cross between the code's types and the engines' storage, for every
 * query (generic repository and hand-written queries alike):
 *
 * - booleans are bound as 1/0 on SQLite and MySQL (better-sqlite3 refuses JavaScript booleans) and
 *   read back as booleans from every engine;
 * - lists and structured values are bound as JSON text and read back parsed;
 * - whole numbers that an engine answers as text (PostgreSQL bigint) read as numbers;
 * - a NULL in a known column reads as the field's empty value.
 *
 * Results are converted by the columns of the tables the query names (schema.ts); values of
 * columns no table declares (counts, aliases) pass unchanged.
 */
export class StoredValuesPlugin implements KyselyPlugin {
  readonly #columnsByTable: Map<string, Map<string, StoredColumn>>;
  readonly #tablesOfQuery = new WeakMap<QueryId, string[]>();
  readonly #bindBooleansAsNumbers: boolean;

  /**
   * `booleansAsNumbers`: the engine stores booleans as 1/0 (SQLite, MySQL); `tables`: columns by
   * camelCase table name; `snakeCase` maps a table name to its SQL name.
   */
  constructor(booleansAsNumbers: boolean, tables: Map<string, Map<string, StoredColumn>>, snakeCase: (name: string) => string) {
    this.#bindBooleansAsNumbers = booleansAsNumbers;
    this.#columnsByTable = new Map([...tables].map(([name, columns]) => [snakeCase(name), columns]));
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const transformer = new BindTransformer(this.#bindBooleansAsNumbers);
    const transformed = transformer.transformNode(node, queryId);
    this.#tablesOfQuery.set(queryId, transformer.tables);
    return transformed;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const columns = this.#columnsOf(this.#tablesOfQuery.get(queryId) ?? []);
    if (!columns || result.rows.length === 0) return result;
    return { ...result, rows: result.rows.map((row) => readRow(row, columns)) };
  }

  /** The columns of the tables a query names; the first table named wins a shared column name. */
  #columnsOf(tables: string[]): Map<string, StoredColumn> | undefined {
    const known = tables.map((t) => this.#columnsByTable.get(t)).filter((c) => c !== undefined);
    if (known.length <= 1) return known[0];
    const merged = new Map<string, StoredColumn>();
    for (const columns of known) for (const [name, column] of columns) if (!merged.has(name)) merged.set(name, column);
    return merged;
  }
}

function readRow(row: UnknownRow, columns: Map<string, StoredColumn>): UnknownRow {
  const out: UnknownRow = {};
  for (const key in row) {
    const column = columns.get(key);
    out[key] = column ? readValue(row[key], column) : row[key];
  }
  return out;
}

function readValue(value: unknown, column: StoredColumn): unknown {
  if (value === null || value === undefined) return column.empty();
  switch (column.kind) {
    case 'bool':
      return value === true || value === 1 || value === '1' || value === 't';
    case 'int':
      return typeof value === 'number' ? value : Number(value);
    case 'json':
      return parseJson(value, column.empty);
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

function parseJson(value: unknown, empty: () => unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value === '') return empty();
  try {
    return JSON.parse(value);
  } catch {
    return empty();
  }
}

function isStructured(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Binds values as the engine stores them, and notes the tables the query names. */
class BindTransformer extends OperationNodeTransformer {
  readonly tables: string[] = [];

  constructor(private readonly booleansAsNumbers: boolean) {
    super();
  }

  protected override transformTable(node: TableNode, queryId?: QueryId): TableNode {
    this.tables.push(node.table.identifier.name);
    return super.transformTable(node, queryId);
  }

  protected override transformValue(node: ValueNode, queryId?: QueryId): ValueNode {
    const bound = this.bind(node.value);
    if (bound === node.value) return super.transformValue(node, queryId);
    return node.immediate ? ValueNode.createImmediate(bound) : ValueNode.create(bound);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode, queryId?: QueryId): PrimitiveValueListNode {
    if (!node.values.some((v) => typeof v === 'boolean')) return super.transformPrimitiveValueList(node, queryId);
    return PrimitiveValueListNode.create(node.values.map((v) => this.bind(v)));
  }

  private bind(value: unknown): unknown {
    if (typeof value === 'boolean') return this.booleansAsNumbers ? (value ? 1 : 0) : value;
    if (isStructured(value)) return JSON.stringify(value);
    return value;
  }
}
