import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.js';

/** The database or one of its transactions (database.ts's Db). */
type Db = Kysely<DB>;

/**
 * A query built and compiled once per database, then run again and again with other values: for
 * the point reads made on every request (the session of a cookie, the user of a session or token,
 * a token by its hash). Building a Kysely query and running it through the plugins costs more than
 * SQLite takes to answer it; the compiled SQL and its parameters are kept (by each database's
 * PreparedQueries), and each call only puts its values in the parameters' places. The plugins
 * still read each result (the compiled query keeps the id under which they noted its tables).
 *
 * `build` receives one placeholder per value and must use each of them as a bound value (a `where`
 * comparison), never in the SQL text itself; compiling checks that each placeholder became a
 * parameter of its own. `id` names the query: two queries of one database never share one.
 */
export interface PreparedQuery<Row> {
  readonly id: string;
  readonly build: (db: Db, ...values: string[]) => Compilable<Row>;
}

export function prepared<Row>(id: string, build: (db: Db, ...values: string[]) => Compilable<Row>): PreparedQuery<Row> {
  return { id, build };
}

interface Compiled {
  query: CompiledQuery;
  slots: number[];
  count: number;
}

function compile<Row>(prepared: PreparedQuery<Row>, db: Db, count: number): Compiled {
  // The placeholders stand for the values: strings, as every value of these reads.
  const holes = Array.from({ length: count }, (_, i) => `\u0000prepared-value-${i}\u0000`);
  const query = prepared.build(db, ...holes).compile();
  const slots = query.parameters.map((parameter) => (typeof parameter === 'string' ? holes.indexOf(parameter) : -1));
  for (let i = 0; i < count; i++) {
    if (!slots.includes(i)) throw new Error(`prepared query: value ${i} is not a bound parameter of ${query.sql}`);
  }
  if (holes.some((hole) => query.sql.includes(hole))) throw new Error(`prepared query: a value is in the SQL text: ${query.sql}`);
  return { query, slots, count };
}

/** The compiled queries of one database (Database.queries), by the database or transaction they were compiled for. */
export class PreparedQueries {
  readonly #compiled = new WeakMap<Db, Map<string, Compiled>>();

  /** Runs `prepared` on `db` (the database or a transaction of it) with `values`. */
  async run<Row>(db: Db, prepared: PreparedQuery<Row>, ...values: string[]): Promise<Row[]> {
    let queries = this.#compiled.get(db);
    if (!queries) {
      queries = new Map();
      this.#compiled.set(db, queries);
    }
    let entry = queries.get(prepared.id);
    if (!entry) {
      entry = compile(prepared, db, values.length);
      queries.set(prepared.id, entry);
    }
    const { query, slots, count } = entry;
    if (values.length !== count) throw new Error(`prepared query: built with ${count} values, called with ${values.length}`);
    const parameters = query.parameters.map((parameter, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? values[slot] : parameter;
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  }
}
