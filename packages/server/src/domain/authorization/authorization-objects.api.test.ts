import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_MODEL_TEXT } from '@gatehouse/entities';
import { newEnforcer } from 'casbin';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import type { Write } from '../writes.js';
import { StoreAdapter } from './casbin-adapter.js';
import { loadModelText } from './casbin-model.js';
import { SameDbRuleStore } from './policy-store.js';

const USER_ENFORCER = 'built-in/user-enforcer-built-in';
const rule = (Ptype: string, ...values: string[]) => {
  const v = (i: number) => values[i] ?? '';
  return { Ptype, V0: v(0), V1: v(1), V2: v(2), V3: v(3), V4: v(4), V5: v(5) };
};
/** Rules as get-policies answers them: each with its row's id in the adapter's table (Casdoor's CasbinRule.Id). */
const withIds = (...rules: ReturnType<typeof rule>[]) => rules.map((r) => ({ Id: expect.any(Number), ...r }));
/** Rules as get-filtered-policies answers them: read from the engine, Id 0 as in Casdoor. */
const fromEngine = (...rules: ReturnType<typeof rule>[]) => rules.map((r) => ({ Id: 0, ...r }));

describeEachDatabase('models, adapters, enforcers and policies', (server, engine) => {
  let team: Team;
  let admin: ApiClient;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'authzorg');
    admin = team.admin;
  });

  describe('built-in objects', () => {
    it('seeds the built-in models, adapters and enforcers', async () => {
      const model = (await admin.get('/api/get-model', { id: 'built-in/user-model-built-in' })).data;
      expect(model.modelText).toContain('m = g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act');
      expect((await admin.get('/api/get-model', { id: 'built-in/api-model-built-in' })).data.modelText).toContain('keyMatch2');
      expect((await admin.get('/api/get-adapter', { id: 'built-in/user-adapter-built-in' })).data).toMatchObject({
        table: 'casbin_user_rule',
        useSameDb: true,
      });
      expect((await admin.get('/api/get-adapter', { id: 'built-in/api-adapter-built-in' })).data).toMatchObject({
        table: 'casbin_api_rule',
      });
      const enforcer = (await admin.get('/api/get-enforcer', { id: USER_ENFORCER, loadModelCfg: 'true' })).data;
      expect(enforcer).toMatchObject({ model: 'built-in/user-model-built-in', adapter: 'built-in/user-adapter-built-in' });
      expect(enforcer.modelCfg).toEqual({ p: 'sub, obj, act', g: '_, _' });
      expect((await admin.get('/api/get-enforcer', { id: USER_ENFORCER })).data.modelCfg).toBeUndefined();
    });

    it('locks them for everyone, the global administrator included', async () => {
      for (const [entity, id] of [
        ['model', 'built-in/user-model-built-in'],
        ['adapter', 'built-in/api-adapter-built-in'],
        ['enforcer', USER_ENFORCER],
      ] as const) {
        const record = (await admin.get(`/api/get-${entity}`, { id })).data;
        const renamed = await admin.post(`/api/update-${entity}`, { ...record, name: 'renamed' }, { id });
        expect(renamed).toMatchObject({ status: 'error', code: 'fieldLocked' });
        const deleted = await admin.post(`/api/delete-${entity}`, record);
        expect(deleted).toMatchObject({ status: 'error' });
        expect((await admin.get(`/api/get-${entity}`, { id })).data).toMatchObject({ name: record.name });
      }
      const model = (await admin.get('/api/get-model', { id: 'built-in/user-model-built-in' })).data;
      const changed = await admin.post(
        '/api/update-model',
        { ...model, modelText: `${model.modelText}\n` },
        { id: 'built-in/user-model-built-in' },
      );
      expect(changed).toMatchObject({ status: 'error', code: 'fieldLocked' });
    });
  });

  describe('models', () => {
    it('refuses text casbin cannot load, saving nothing', async () => {
      const missing = await admin.post('/api/add-model', {
        owner: 'authzorg',
        name: 'broken',
        modelText: '[request_definition]\nr = sub, obj',
      });
      expect(missing).toMatchObject({
        status: 'error',
        msg: 'The model text is not a valid casbin model: missing required sections: policy_definition, policy_effect, matchers',
      });
      expect((await admin.get('/api/get-model', { id: 'authzorg/broken' })).data).toBeNull();
      const garbled = await admin.post('/api/add-model', { owner: 'authzorg', name: 'broken', modelText: 'not a model' });
      expect(garbled).toMatchObject({ status: 'error', code: 'modelTextInvalid' });
      expect(garbled.msg).toContain('line 1');
    });

    it('keeps the stored text when an update is refused', async () => {
      expect(await admin.post('/api/add-model', { owner: 'authzorg', name: 'rbac' })).toMatchObject({ status: 'ok' });
      const stored = (await admin.get('/api/get-model', { id: 'authzorg/rbac' })).data;
      // Without text a model gets the default role-based one.
      const text = (await admin.get('/api/get-model', { id: 'built-in/user-model-built-in' })).data.modelText;
      expect(stored.modelText).toBe(text);
      const empty = await admin.post('/api/update-model', { ...stored, modelText: '' }, { id: 'authzorg/rbac' });
      expect(empty).toMatchObject({ status: 'error', code: 'modelTextInvalid' });
      const refused = await admin.post(
        '/api/update-model',
        { ...stored, modelText: '[matchers]\nm = r.sub == p.sub' },
        { id: 'authzorg/rbac' },
      );
      expect(refused).toMatchObject({ status: 'error', code: 'modelTextInvalid' });
      expect((await admin.get('/api/get-model', { id: 'authzorg/rbac' })).data.modelText).toBe(text);
    });
  });

  describe('adapters', () => {
    it('clears the connection settings of an adapter that uses the same database', async () => {
      const added = await admin.post('/api/add-adapter', {
        owner: 'authzorg',
        name: 'same',
        table: 'my_rules',
        useSameDb: true,
        type: 'Database',
        databaseType: 'mysql',
        host: 'db.example.com',
        port: 3306,
        user: 'root',
        password: 'secret',
        database: 'casbin',
      });
      expect(added).toMatchObject({ status: 'ok' });
      expect((await admin.get('/api/get-adapter', { id: 'authzorg/same' })).data).toMatchObject({
        useSameDb: true,
        type: '',
        databaseType: '',
        host: '',
        port: 0,
        user: '',
        password: '',
        database: '',
      });
    });

    it('refuses a port outside 0..65535 and a table name with a control character', async () => {
      const port = await admin.post('/api/add-adapter', { owner: 'authzorg', name: 'port', table: 't', port: 70000 });
      expect(port).toMatchObject({ status: 'error', code: 'invalidField' });
      const table = await admin.post('/api/add-adapter', { owner: 'authzorg', name: 'tbl', table: 'x\ndrop table user' });
      expect(table).toMatchObject({ status: 'error', code: 'invalidField' });
      expect(table.msg).toContain('must be a table name without control characters, optionally schema.table');
    });

    const external = async (name: string, settings: Record<string, unknown>) => {
      expect(
        await admin.post('/api/add-adapter', {
          owner: 'authzorg',
          name,
          table: `rules_${engine}`,
          useSameDb: false,
          type: 'Database',
          ...settings,
        }),
      ).toMatchObject({ status: 'ok' });
      return admin.get('/api/get-policies', { id: '/', adapterId: `authzorg/${name}` });
    };

    it('tests the connection to PostgreSQL, MariaDB and a SQLite file', async () => {
      expect((await admin.get('/api/get-policies', { id: '/', adapterId: 'authzorg/same' })).status).toBe('ok');
      expect(
        await external('pg', {
          databaseType: 'postgres',
          host: '127.0.0.1',
          port: 5432,
          user: 'postgres',
          password: '',
          database: 'test',
        }),
      ).toMatchObject({ status: 'ok' });
      expect(
        await external('maria', {
          databaseType: 'mysql',
          host: '127.0.0.1',
          port: 3306,
          user: 'root',
          password: '',
          database: 'test',
        }),
      ).toMatchObject({ status: 'ok' });
      fs.mkdirSync(path.join(server().ctx.config.dataDir, 'adapters'), { recursive: true });
      expect(await external('lite', { databaseType: 'sqlite3', database: 'rules.db' })).toMatchObject({ status: 'ok' });
    });

    it('answers why a connection fails', async () => {
      const refused = await external('closed', {
        databaseType: 'mysql',
        host: '127.0.0.1',
        port: 1,
        user: 'root',
        database: 'test',
      });
      expect(refused.status).toBe('error');
      expect(refused.msg).toContain('ECONNREFUSED');
      const badUser = await external('baduser', {
        databaseType: 'postgres',
        host: '127.0.0.1',
        port: 5432,
        user: 'postgres',
        database: 'no_such_db',
      });
      expect(badUser.status).toBe('error');
      expect(badUser.msg).toContain('no_such_db');
      expect(await external('mssql', { databaseType: 'mssql', host: 'db.example.com', port: 1433 })).toMatchObject({
        status: 'error',
        msg: 'The database type "mssql" cannot be used: this server connects to mysql, postgres and sqlite3 only',
      });
      expect(await external('escape', { databaseType: 'sqlite3', database: '../../etc/passwd' })).toMatchObject({
        status: 'error',
        code: 'adapterSqlitePath',
      });
    });

    it('refuses internal addresses the outbound allow-list does not name', async () => {
      const internal = await external('internal', {
        databaseType: 'mysql',
        host: '10.255.255.1',
        port: 3306,
        user: 'root',
        database: 'test',
      });
      expect(internal).toMatchObject({ status: 'error', code: 'outboundAddressRefused' });
    });
  });

  describe('policies', () => {
    it('adds, refuses duplicates, updates and removes through the routes, stored in the adapter table namespace', async () => {
      const add = (r: ReturnType<typeof rule>) => admin.post('/api/add-policy', r, { id: USER_ENFORCER });
      expect(await add(rule('p', 'alice', 'data1', 'read'))).toMatchObject({ status: 'ok', data: 'Affected' });
      expect(await add(rule('p', 'alice', 'data1', 'read'))).toMatchObject({ status: 'ok', data: 'Unaffected' });
      expect(await add(rule('g', 'bob', 'alice'))).toMatchObject({ status: 'ok', data: 'Affected' });
      expect((await admin.get('/api/get-policies', { id: USER_ENFORCER })).data).toEqual(
        withIds(rule('p', 'alice', 'data1', 'read'), rule('g', 'bob', 'alice')),
      );
      const stored = await server()
        .ctx.database.db.selectFrom('casbinRule')
        .select(['tableName', 'ptype', 'v0', 'v1', 'v2'])
        .where('tableName', '=', 'casbin_user_rule')
        .orderBy('id')
        .execute();
      expect(stored).toEqual([
        { tableName: 'casbin_user_rule', ptype: 'p', v0: 'alice', v1: 'data1', v2: 'read' },
        { tableName: 'casbin_user_rule', ptype: 'g', v0: 'bob', v1: 'alice', v2: '' },
      ]);

      const updated = await admin.post(
        '/api/update-policy',
        [rule('p', 'alice', 'data1', 'read'), rule('p', 'alice', 'data1', 'write')],
        {
          id: USER_ENFORCER,
        },
      );
      expect(updated).toMatchObject({ status: 'ok', data: 'Affected' });
      const filtered = await admin.post('/api/get-filtered-policies', [{ ptype: 'p', fieldIndex: 2, fieldValues: ['write'] }], {
        id: USER_ENFORCER,
      });
      expect(filtered.data).toEqual(fromEngine(rule('p', 'alice', 'data1', 'write')));

      expect(await admin.post('/api/remove-policy', rule('g', 'bob', 'alice'), { id: USER_ENFORCER })).toMatchObject({
        data: 'Affected',
      });
      expect(await admin.post('/api/remove-policy', rule('g', 'bob', 'alice'), { id: USER_ENFORCER })).toMatchObject({
        data: 'Unaffected',
      });
      expect((await admin.get('/api/get-policies', { id: USER_ENFORCER })).data).toEqual(
        withIds(rule('p', 'alice', 'data1', 'write')),
      );
    });

    it('refuses policies that do not fit the model', async () => {
      const tooMany = await admin.post('/api/add-policy', rule('p', 'a', 'b', 'c', 'd'), { id: USER_ENFORCER });
      expect(tooMany).toMatchObject({ status: 'error', msg: 'A p policy has at most 3 values under the model; this one has 4' });
      const unknown = await admin.post('/api/add-policy', rule('p2', 'a', 'b'), { id: USER_ENFORCER });
      expect(unknown).toMatchObject({ status: 'error', msg: 'The policy type "p2" is not defined by the model' });
      const groupTooMany = await admin.post('/api/add-policy', rule('g', 'a', 'b', 'c'), { id: USER_ENFORCER });
      expect(groupTooMany).toMatchObject({ status: 'error', code: 'policyTooManyValues' });
      expect((await admin.get('/api/get-policies', { id: USER_ENFORCER })).data).toHaveLength(1);
    });

    it('keeps organization administrators to their own organization’s policies', async () => {
      const taken = await team.orgAdmin.post('/api/add-adapter', {
        owner: 'authzorg',
        name: 'steal',
        table: 'casbin_user_rule',
        useSameDb: true,
      });
      expect(taken).toMatchObject({
        status: 'error',
        msg: 'The table "casbin_user_rule" is used by an adapter of another organization; choose another table name',
      });
      const foreign = await team.orgAdmin.post('/api/add-enforcer', {
        owner: 'authzorg',
        name: 'foreign',
        model: 'built-in/user-model-built-in',
        adapter: 'built-in/user-adapter-built-in',
      });
      expect(foreign).toMatchObject({
        status: 'error',
        msg: '"built-in/user-model-built-in" is not of the organization "authzorg": an enforcer uses its own organization\'s models and adapters',
      });
      expect(
        await team.orgAdmin.post('/api/add-adapter', {
          owner: 'authzorg',
          name: 'theirs',
          table: 'authzorg_rules',
          useSameDb: true,
        }),
      ).toMatchObject({
        status: 'ok',
      });
    });

    it('lets only who may update the enforcer write its policies', async () => {
      const member = await team.member.post('/api/add-policy', rule('p', 'x', 'y', 'z'), { id: USER_ENFORCER });
      expect(member.status).toBe('error');
      const orgAdmin = await team.orgAdmin.get('/api/get-policies', { id: USER_ENFORCER });
      expect(orgAdmin.status).toBe('error');
    });

    it('sees writes made to the rows behind an engine after a sync', async () => {
      await server()
        .ctx.database.db.insertInto('casbinRule')
        .values({ tableName: 'casbin_user_rule', ptype: 'p', v0: 'carol', v1: 'data2', v2: 'read', v3: '', v4: '', v5: '' })
        .execute();
      const synced = (await admin.get('/api/get-policies', { id: USER_ENFORCER })).data;
      expect(synced).toContainEqual(withIds(rule('p', 'carol', 'data2', 'read'))[0]);
    });

    it('rebuilds an engine when its model changes', async () => {
      expect(
        await admin.post('/api/add-adapter', { owner: 'authzorg', name: 'own', table: 'own_rules', useSameDb: true }),
      ).toMatchObject({
        status: 'ok',
      });
      expect(
        await admin.post('/api/add-enforcer', {
          owner: 'authzorg',
          name: 'mine',
          model: 'authzorg/rbac',
          adapter: 'authzorg/own',
        }),
      ).toMatchObject({
        status: 'ok',
      });
      expect(await admin.post('/api/add-policy', rule('p', 'a', 'b', 'c', 'd'), { id: 'authzorg/mine' })).toMatchObject({
        code: 'policyTooManyValues',
      });
      const model = (await admin.get('/api/get-model', { id: 'authzorg/rbac' })).data;
      const wider = String(model.modelText).replace('p = sub, obj, act', 'p = sub, obj, act, eft');
      expect(await admin.post('/api/update-model', { ...model, modelText: wider }, { id: 'authzorg/rbac' })).toMatchObject({
        status: 'ok',
      });
      expect(await admin.post('/api/add-policy', rule('p', 'a', 'b', 'c', 'deny'), { id: 'authzorg/mine' })).toMatchObject({
        data: 'Affected',
      });
      const missing = await admin.post('/api/add-enforcer', { owner: 'authzorg', name: 'lost', model: 'authzorg/nothing' });
      expect(missing).toMatchObject({
        status: 'error',
        msg: 'The model "authzorg/nothing" of the enforcer "authzorg/lost" does not exist',
      });
    });
  });

  describe('the casbin engines and the policy store', () => {
    it('reports policy writes and record changes, and rebuilds engines after them', async () => {
      const { authorization, writes } = server().ctx.services;
      const { engines } = authorization;
      const heard: Write[] = [];
      const stop = writes.subscribe((event) => heard.push(...event.writes));
      try {
        const before = await engines.engineOf(USER_ENFORCER);
        expect(await engines.engineOf(USER_ENFORCER)).toBe(before);
        await admin.post('/api/add-policy', rule('p', 'gina', 'data9', 'read'), { id: USER_ENFORCER });
        expect(heard).toContainEqual({ entity: 'enforcer', kind: 'update', id: USER_ENFORCER, fields: ['policies'] });
        // The policy write kept the engine current in this process.
        expect(await engines.engineOf(USER_ENFORCER)).toBe(before);
        expect(await before.enforcer.enforce('gina', 'data9', 'read')).toBe(true);

        const adapter = (await admin.get('/api/get-adapter', { id: 'authzorg/own' })).data;
        const mine = await engines.engineOf('authzorg/mine');
        await admin.post('/api/update-adapter', { ...adapter }, { id: 'authzorg/own' });
        // Saved as it was: heard all the same, and the engines over the adapter are rebuilt.
        expect(heard).toContainEqual(expect.objectContaining({ entity: 'adapter', kind: 'update', id: 'authzorg/own' }));
        const rebuilt = await engines.engineOf('authzorg/mine');
        expect(rebuilt).not.toBe(mine);
        engines.invalidate({ kind: 'model', id: 'authzorg/rbac' });
        expect(await engines.engineOf('authzorg/mine')).not.toBe(rebuilt);
        // Dropping an engine here is no write: nobody hears of it.
        expect(heard.filter((write) => write.entity === 'model')).toEqual([]);
      } finally {
        stop();
      }
    });

    it('loads one filtered slice of an adapter table (one permission, by v5)', async () => {
      const store = new SameDbRuleStore(server().ctx.database.db, 'filter_rules');
      await store.add([
        { ptype: 'p', values: ['u1', 'app', 'read', 'allow', '', 'acme/perm-a'] },
        { ptype: 'p', values: ['u2', 'app', 'write', 'allow', '', 'acme/perm-b'] },
        { ptype: 'g', values: ['u1', 'role1', '', '', '', 'acme/perm-a'] },
      ]);
      const enforcer = await newEnforcer(
        loadModelText(DEFAULT_MODEL_TEXT.replace('p = sub, obj, act', 'p = sub, obj, act, eft, dom, id')),
      );
      const adapter = new StoreAdapter(store);
      enforcer.setAdapter(adapter);
      await enforcer.loadFilteredPolicy({ ptype: ['p'], values: { 5: ['acme/perm-a'] } });
      expect(await enforcer.getPolicy()).toEqual([['u1', 'app', 'read', 'allow', '', 'acme/perm-a']]);
      expect(adapter.isFiltered()).toBe(true);
      await store.removeFiltered('p', 5, ['acme/perm-b']);
      expect((await store.load()).map((r) => r.values[0])).toEqual(['u1', 'u1']);
    });
  });

  describe('external adapters', () => {
    const roundTrip = async (
      name: string,
      databaseType: string,
      port: number,
      user: string,
      read: (table: string) => Promise<unknown[]>,
      drop: (table: string) => Promise<void>,
    ) => {
      const table = `gh_rules_${engine}_${Date.now() % 100000}`;
      try {
        expect(
          await admin.post('/api/add-adapter', {
            owner: 'authzorg',
            name,
            table,
            useSameDb: false,
            type: 'Database',
            databaseType,
            host: '127.0.0.1',
            port,
            user,
            password: '',
            database: 'test',
          }),
        ).toMatchObject({ status: 'ok' });
        expect(
          await admin.post('/api/add-enforcer', {
            owner: 'authzorg',
            name: `${name}-enforcer`,
            model: 'authzorg/rbac',
            adapter: `authzorg/${name}`,
          }),
        ).toMatchObject({
          status: 'ok',
        });
        const id = `authzorg/${name}-enforcer`;
        expect(await admin.post('/api/add-policy', rule('p', 'dave', 'doc', 'read', 'allow'), { id })).toMatchObject({
          data: 'Affected',
        });
        expect(await admin.post('/api/add-policy', rule('g', 'erin', 'dave'), { id })).toMatchObject({ data: 'Affected' });
        expect(await read(table)).toEqual([
          { ptype: 'p', v0: 'dave', v1: 'doc', v2: 'read', v3: 'allow' },
          { ptype: 'g', v0: 'erin', v1: 'dave', v2: '', v3: '' },
        ]);
        expect(
          await admin.post('/api/update-policy', [rule('g', 'erin', 'dave'), rule('g', 'frank', 'dave')], { id }),
        ).toMatchObject({ data: 'Affected' });
        expect(await admin.post('/api/remove-policy', rule('p', 'dave', 'doc', 'read', 'allow'), { id })).toMatchObject({
          data: 'Affected',
        });
        expect((await admin.get('/api/get-policies', { id })).data).toEqual(withIds(rule('g', 'frank', 'dave')));
        expect(await read(table)).toEqual([{ ptype: 'g', v0: 'frank', v1: 'dave', v2: '', v3: '' }]);
      } finally {
        await drop(table);
      }
    };

    it('keeps policies in a PostgreSQL table', async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
      await client.connect();
      try {
        await roundTrip(
          'ext-pg',
          'postgres',
          5432,
          'postgres',
          async (table) => (await client.query(`select ptype, v0, v1, v2, v3 from "${table}" order by id`)).rows,
          async (table) => {
            await client.query(`drop table if exists "${table}"`);
          },
        );
      } finally {
        await client.end();
      }
    });

    it('keeps policies in a MariaDB table', async () => {
      const client = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
      try {
        await roundTrip(
          'ext-maria',
          'mysql',
          3306,
          'root',
          async (table) => {
            const [rows] = await client.query(`select ptype, v0, v1, v2, v3 from \`${table}\` order by id`);
            return Array.isArray(rows) ? rows.map((r) => ({ ...r })) : [];
          },
          async (table) => {
            await client.query(`drop table if exists \`${table}\``);
          },
        );
      } finally {
        await client.end();
      }
    });
  });
});
