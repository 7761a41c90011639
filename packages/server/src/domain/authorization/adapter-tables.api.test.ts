import { DEFAULT_MODEL_TEXT } from '@gatehouse/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { createSyncSource, type SyncSource } from '../../test-support/sync-source.js';

const ORG = 'tableorg';
const rule = (Ptype: string, ...values: string[]) => {
  const v = (i: number) => values[i] ?? '';
  return { Ptype, V0: v(0), V1: v(1), V2: v(2), V3: v(3), V4: v(4), V5: v(5) };
};
const withIds = (...rules: ReturnType<typeof rule>[]) => rules.map((r) => ({ Id: expect.any(Number), ...r }));

/**
 * Adapter tables as Casdoor takes them (issue 27): an empty table is casbin_rule, and a table is
 * any name the database allows (a hyphen, a schema prefix, quote marks, SQL), quoted, never pasted
 * into SQL. The external database is a fresh one of the server's engine (a SQLite file below
 * `${DATA_DIR}/adapters` for SQLite).
 */
describeEachDatabase('adapter tables', (server, engine) => {
  let team: Team;
  let admin: ApiClient;
  let source: SyncSource;
  /** A name as one identifier of the external engine, written out here (not the server's quoting). */
  const ident = (name: string) => (engine === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`);
  const rowsOf = (table: string) => source.rows(`select ptype, v0, v1, v2 from ${table} order by id`);

  /** An external adapter over the fresh database and an enforcer over it; answers the enforcer's id. */
  const externalEnforcer = async (name: string, table: string) => {
    const added = await admin.post('/api/add-adapter', {
      owner: ORG,
      name,
      table,
      useSameDb: false,
      type: 'Database',
      ...source.settings,
    });
    expect(added).toMatchObject({ status: 'ok' });
    const enforcer = await admin.post('/api/add-enforcer', {
      owner: ORG,
      name: `${name}-enforcer`,
      model: `${ORG}/rbac`,
      adapter: `${ORG}/${name}`,
    });
    expect(enforcer).toMatchObject({ status: 'ok' });
    return `${ORG}/${name}-enforcer`;
  };
  const addPolicy = (id: string, r: ReturnType<typeof rule>) => admin.post('/api/add-policy', r, { id });
  const policies = async (id: string) => (await admin.get('/api/get-policies', { id })).data;

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
    admin = team.admin;
    expect(await admin.post('/api/add-model', { owner: ORG, name: 'rbac', modelText: DEFAULT_MODEL_TEXT })).toMatchObject({
      status: 'ok',
    });
    source = await createSyncSource(engine, server().ctx.config.dataDir, 'adapters');
  });

  afterAll(async () => {
    await source?.close();
  });

  describe('an empty table', () => {
    it('is casbin_rule of the external database, through add-adapter', async () => {
      const id = await externalEnforcer('empty', '');
      expect((await admin.get('/api/get-adapter', { id: `${ORG}/empty` })).data).toMatchObject({ table: '' });
      expect(await addPolicy(id, rule('p', 'alice', 'data1', 'read'))).toMatchObject({ data: 'Affected' });
      expect(await rowsOf('casbin_rule')).toEqual([{ ptype: 'p', v0: 'alice', v1: 'data1', v2: 'read' }]);
      // A row another program wrote to casbin_rule is one of the adapter's.
      await source.exec("insert into casbin_rule (ptype, v0, v1, v2, v3, v4, v5) values ('g', 'bob', 'alice', '', '', '', '')");
      expect(await policies(id)).toEqual(withIds(rule('p', 'alice', 'data1', 'read'), rule('g', 'bob', 'alice')));
    });

    it('is casbin_rule after update-adapter too', async () => {
      const id = await externalEnforcer('renamed', 'other_rules');
      expect(await addPolicy(id, rule('p', 'carol', 'data2', 'write'))).toMatchObject({ data: 'Affected' });
      const stored = (await admin.get('/api/get-adapter', { id: `${ORG}/renamed` })).data;
      expect(await admin.post('/api/update-adapter', { ...stored, table: '' }, { id: `${ORG}/renamed` })).toMatchObject({
        status: 'ok',
      });
      expect((await admin.get('/api/get-adapter', { id: `${ORG}/renamed` })).data).toMatchObject({ table: '' });
      expect(await policies(id)).toEqual(withIds(rule('p', 'alice', 'data1', 'read'), rule('g', 'bob', 'alice')));
      expect(await addPolicy(id, rule('p', 'dave', 'data3', 'read'))).toMatchObject({ data: 'Affected' });
      expect((await rowsOf('casbin_rule')).map((r) => r.v0)).toEqual(['alice', 'bob', 'dave']);
      expect((await rowsOf('other_rules')).map((r) => r.v0)).toEqual(['carol']);
    });

    it('is the casbin_rule namespace of a same-database adapter, which one organization holds', async () => {
      const db = server().ctx.database.db;
      expect(await admin.post('/api/add-adapter', { owner: ORG, name: 'same', table: '', useSameDb: true })).toMatchObject({
        status: 'ok',
      });
      const id = `${ORG}/same-enforcer`;
      expect(
        await admin.post('/api/add-enforcer', {
          owner: ORG,
          name: 'same-enforcer',
          model: `${ORG}/rbac`,
          adapter: `${ORG}/same`,
        }),
      ).toMatchObject({ status: 'ok' });
      expect(await addPolicy(id, rule('p', 'erin', 'doc', 'read'))).toMatchObject({ data: 'Affected' });
      const stored = await db.selectFrom('casbinRule').select(['ptype', 'v0']).where('tableName', '=', 'casbin_rule').execute();
      expect(stored).toEqual([{ ptype: 'p', v0: 'erin' }]);
      // Another organization's administrator may use neither spelling of that namespace.
      const other = await organizationTeam(server().url, 'tableorg2');
      for (const table of ['', 'casbin_rule']) {
        const taken = await other.orgAdmin.post('/api/add-adapter', {
          owner: 'tableorg2',
          name: 'steal',
          table,
          useSameDb: true,
        });
        expect(taken).toMatchObject({
          status: 'error',
          msg: 'The table "casbin_rule" is used by an adapter of another organization; choose another table name',
        });
      }
    });
  });

  describe('any name the database allows', () => {
    it('a hyphenated table', async () => {
      const id = await externalEnforcer('hyphen', 'policy-rules');
      expect(await addPolicy(id, rule('p', 'frank', 'data1', 'read'))).toMatchObject({ data: 'Affected' });
      expect(await policies(id)).toEqual(withIds(rule('p', 'frank', 'data1', 'read')));
      expect(await rowsOf(ident('policy-rules'))).toEqual([{ ptype: 'p', v0: 'frank', v1: 'data1', v2: 'read' }]);
    });

    it('a schema-qualified table (PostgreSQL: a schema, MariaDB: a database, SQLite: main)', async () => {
      const schema = engine === 'mysql' ? `${source.settings.database}_authz` : engine === 'postgres' ? 'authz rules' : 'main';
      if (engine === 'postgres') await source.exec(`create schema ${ident(schema)}`);
      if (engine === 'mysql') await source.exec(`create database ${ident(schema)}`);
      try {
        const id = await externalEnforcer('schema', `${schema}.casbin-rule`);
        expect(await addPolicy(id, rule('p', 'gina', 'data2', 'write'))).toMatchObject({ data: 'Affected' });
        expect(await policies(id)).toEqual(withIds(rule('p', 'gina', 'data2', 'write')));
        const rows = await rowsOf(`${ident(schema)}.${ident('casbin-rule')}`);
        expect(rows).toEqual([{ ptype: 'p', v0: 'gina', v1: 'data2', v2: 'write' }]);
      } finally {
        if (engine === 'mysql') await source.exec(`drop database if exists ${ident(schema)}`);
      }
    });

    it('quotes a name holding quote marks, SQL or a placeholder harmlessly: the other table survives', async () => {
      await source.exec('create table y (id integer)');
      await source.exec('insert into y (id) values (1)');
      const names = ['x"; drop table y; --', 'x`; drop table y; --', "x'); drop table y; --", 'rules? where 1 = ?'];
      for (const [index, table] of names.entries()) {
        const id = await externalEnforcer(`hostile-${index}`, table);
        expect(await addPolicy(id, rule('p', `user${index}`, 'data', 'read'))).toMatchObject({ data: 'Affected' });
        expect(await policies(id)).toEqual(withIds(rule('p', `user${index}`, 'data', 'read')));
        expect(await rowsOf(ident(table))).toEqual([{ ptype: 'p', v0: `user${index}`, v1: 'data', v2: 'read' }]);
      }
      expect(await source.rows('select id from y')).toEqual([{ id: 1 }]);
    });

    it('refuses a name with a control character with the field’s message', async () => {
      for (const table of ['x\ndrop table y', 'a\u0000b', '.rules']) {
        const refused = await admin.post('/api/add-adapter', { owner: ORG, name: 'control', table, useSameDb: false });
        expect(refused).toMatchObject({ status: 'error', code: 'invalidField' });
      }
      const refused = await admin.post('/api/add-adapter', { owner: ORG, name: 'control', table: 'x\ty' });
      expect(refused.msg).toContain('must be a table name without control characters, optionally schema.table');
    });
  });
});
