import { ENTITIES, fieldEntries } from '@gatehouse/entities';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/suite.js';

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The hand-written migrations and the entity definitions describe the same columns. */
describeEachDatabase('schema drift', (server) => {
  it('has a column for every field and a field for every column', async () => {
    const tables = await server().ctx.database.db.introspection.getTables();
    for (const def of ENTITIES) {
      if (def.view) continue;
      const table = tables.find((t) => t.name === snake(def.table));
      expect(table, `table ${def.table}`).toBeDefined();
      const columns = new Set(table?.columns.map((c) => c.name));
      const fields = new Set(fieldEntries(def).map(([k]) => snake(k)));
      expect(
        [...fields].filter((f) => !columns.has(f)),
        `${def.table}: fields without a column`,
      ).toEqual([]);
      expect(
        [...columns].filter((c) => !fields.has(c)),
        `${def.table}: columns without a field`,
      ).toEqual([]);
    }
  });
});
