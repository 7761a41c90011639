import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * A query built and compiled once per database, then run again and again with other values: for
 * the point reads made on every request (the session of a cookie, the user of a session or token,
 * a token by its hash). Building a Kysely query and running it through the plugins costs more than
 * SQLite takes to answer it; the compiled SQL and its parameters are kept, and each call only puts
 * its values in the parameters' places. The plugins still read each result (the compiled query
 * keeps the id under which they noted its tables).
 *
 * `build` receives one placeholder per value and must use each of them as a bound value (a `where`
 * comparison), never in the SQL text itself; compiling checks that each placeholder became a
 * parameter of its own.
 */
export function prepared<Row>(
  build: (db: Db, ...values: string[]) => Compilable<Row>,
): (db: Db, ...values: string[]) => Promise<Row[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<Row>; slots: number[]; count: number }>();

  const compile = (db: Db, count: number) => {
    // The placeholders stand for the values: strings, as every value of these reads.
    const holes = Array.from({ length: count }, (_, i) => `\u0000prepared-value-${i}\u0000`);
    const query = build(db, ...holes).compile();
    const slots = query.parameters.map((parameter) => (typeof parameter === 'string' ? holes.indexOf(parameter) : -1));
    for (let i = 0; i < count; i++) {
      if (!slots.includes(i)) throw new Error(`prepared query: value ${i} is not a bound parameter of ${query.sql}`);
    }
    if (holes.some((hole) => query.sql.includes(hole)))
      throw new Error(`prepared query: a value is in the SQL text: ${query.sql}`);
    const entry = { query, slots, count };
    compiled.set(db, entry);
    return entry;
  };

  return async (db, ...values) => {
    const { query, slots, count } = compiled.get(db) ?? compile(db, values.length);
    if (values.length !== count) throw new Error(`prepared query: built with ${count} values, called with ${values.length}`);
    const parameters = query.parameters.map((parameter, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? values[slot] : parameter;
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
