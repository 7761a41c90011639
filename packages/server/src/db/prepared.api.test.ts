import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/suite.js';
import { type PreparedQueries, prepared } from './prepared.js';

/**
 * Prepared reads (prepared.ts) answer what the same query built afresh answers, with each call's
 * own values, the stored-values plugin still reading booleans and JSON, on every engine.
 */
describeEachDatabase('prepared reads', (server) => {
  const run: PreparedQueries['run'] = (db, query, ...values) => server().ctx.database.queries.run(db, query, ...values);
  const byKey = prepared('test:organization', (db, owner, name) =>
    db.selectFrom('organization').selectAll().where('owner', '=', owner).where('name', '=', name),
  );

  it('reads each call its own values, with the columns read as the fresh query reads them', async () => {
    const db = server().ctx.database.db;
    const fresh = await db.selectFrom('organization').selectAll().where('name', '=', 'built-in').execute();
    expect(await run(db, byKey, 'admin', 'built-in')).toEqual(fresh);
    const [builtIn] = fresh;
    expect(typeof builtIn?.enableSoftDeletion).toBe('boolean');
    expect(Array.isArray(builtIn?.tags)).toBe(true);
    // Another value, then none found, then the first again: nothing of a call stays for the next.
    expect(await run(db, byKey, 'admin', 'no-such-organization')).toEqual([]);
    expect(await run(db, byKey, 'built-in', 'built-in')).toEqual([]);
    expect(await run(db, byKey, 'admin', 'built-in')).toEqual(fresh);
  });

  it('takes values as bound parameters only, however they read', async () => {
    const db = server().ctx.database.db;
    expect(await run(db, byKey, 'admin', "built-in' or '1'='1")).toEqual([]);
    expect(await run(db, byKey, 'admin', 'built-in')).toHaveLength(1);
  });

  it('refuses a value that is not bound, and a call with another number of values', async () => {
    const db = server().ctx.database.db;
    const unbound = prepared('test:unbound', (inner, _name) =>
      inner.selectFrom('organization').selectAll().where('name', '=', 'built-in'),
    );
    await expect(run(db, unbound, 'x')).rejects.toThrow('prepared query: value 0 is not a bound parameter');
    await expect(run(db, byKey, 'admin')).rejects.toThrow('prepared query: built with 2 values, called with 1');
  });
});
