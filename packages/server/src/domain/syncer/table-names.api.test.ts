import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { createSyncSource, type SyncSource, syncerColumn } from '../../test-support/sync-source.js';

const ORG = 'tablesyncorg';

/**
 * A syncer's table and affiliation table are any name the database allows (issue 27): a hyphen,
 * quote marks, SQL, each quoted as an identifier on the way in and out, on each engine.
 */
describeEachDatabase('syncer table names', (server, engine) => {
  let admin: ApiClient;
  let source: SyncSource;
  const ident = (name: string) => (engine === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`);
  const user = async (name: string) => (await admin.get('/api/get-user', { id: `${ORG}/${name}` })).data;

  const addSyncer = async (name: string, table: string, affiliationTable = '') => {
    const added = await admin.post('/api/add-syncer', {
      owner: 'admin',
      name,
      organization: ORG,
      type: 'Database',
      ...source.settings,
      table,
      affiliationTable,
      tableColumns: [
        syncerColumn('login', 'Name', { isKey: true }),
        syncerColumn('display_name', 'DisplayName'),
        syncerColumn('dept', 'Score', { type: 'integer' }),
      ],
      syncInterval: 10,
    });
    expect(added).toMatchObject({ status: 'ok' });
  };
  const run = (name: string) => admin.get('/api/run-syncer', { id: `admin/${name}` });

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    expect(await admin.post('/api/add-organization', { owner: 'admin', name: ORG })).toMatchObject({ status: 'ok' });
    source = await createSyncSource(engine, server().ctx.config.dataDir);
  });

  afterAll(async () => {
    await source?.close();
  });

  it('syncs a hyphenated table and affiliation table, and writes back to it', async () => {
    const people = ident('hr-people');
    await source.exec(`create table ${people} (login varchar(100) primary key, display_name varchar(100), dept integer)`);
    await source.exec(`create table ${ident('hr-depts')} (id integer primary key, name varchar(100))`);
    await source.exec(`insert into ${ident('hr-depts')} (id, name) values (1, 'Sales')`);
    await source.exec(`insert into ${people} (login, display_name, dept) values ('ada', 'Ada A', 1), ('ben', 'Ben B', 0)`);
    await addSyncer('hyphen', 'hr-people', 'hr-depts');
    expect(await run('hyphen')).toMatchObject({ status: 'ok', data: { read: 2, added: 2, failed: 0 } });
    expect(await user('ada')).toMatchObject({ displayName: 'Ada A', affiliation: 'Sales', score: 1 });
    const ben = await user('ben');
    expect(await admin.post('/api/update-user', { ...ben, displayName: 'Ben Here' }, { id: `${ORG}/ben` })).toMatchObject({
      status: 'ok',
    });
    expect((await run('hyphen')).data).toMatchObject({ writtenBack: 1, failed: 0 });
    expect(await source.rows(`select login, display_name from ${people} order by login`)).toEqual([
      { login: 'ada', display_name: 'Ada A' },
      { login: 'ben', display_name: 'Ben Here' },
    ]);
  });

  it('quotes tables named with quote marks and SQL harmlessly, on the way in and out: the other table survives', async () => {
    await source.exec('create table y (id integer)');
    await source.exec('insert into y (id) values (1)');
    const table = engine === 'mysql' ? 'x`; drop table y; --' : 'x"; drop table y; --';
    const depts = `${table} depts`;
    await source.exec(`create table ${ident(table)} (login varchar(100) primary key, display_name varchar(100), dept integer)`);
    await source.exec(`create table ${ident(depts)} (id integer primary key, name varchar(100))`);
    await source.exec(`insert into ${ident(depts)} (id, name) values (2, 'Research')`);
    await source.exec(`insert into ${ident(table)} (login, display_name, dept) values ('cleo', 'Cleo C', 2)`);
    await addSyncer('hostile', table, depts);
    // The organization's other users go into the table as new rows (the syncer is not read-only).
    expect(await run('hostile')).toMatchObject({ status: 'ok', data: { read: 1, added: 1, writtenBack: 2, failed: 0 } });
    expect(await user('cleo')).toMatchObject({ displayName: 'Cleo C', affiliation: 'Research' });
    const rows = await source.rows(`select login from ${ident(table)} order by login`);
    expect(rows.map((row) => row.login)).toEqual(['ada', 'ben', 'cleo']);
    expect(await source.rows('select id from y')).toEqual([{ id: 1 }]);
  });

  it('refuses a table name with a control character, or in parentheses, with the syncer’s message', async () => {
    for (const table of ['people\n; drop table y', '(select * from y)']) {
      const refused = await admin.post('/api/add-syncer', {
        owner: 'admin',
        name: 'refused',
        organization: ORG,
        type: 'Database',
        ...source.settings,
        table,
        tableColumns: [syncerColumn('login', 'Name', { isKey: true })],
      });
      expect(refused.status).toBe('error');
    }
    const parenthesised = await admin.post('/api/add-syncer', {
      owner: 'admin',
      name: 'refused',
      organization: ORG,
      type: 'Database',
      ...source.settings,
      table: '(select * from y)',
      tableColumns: [syncerColumn('login', 'Name', { isKey: true })],
    });
    expect(parenthesised).toMatchObject({
      status: 'error',
      msg: 'The table "(select * from y)" is not a table name (no control characters and not in parentheses, optionally schema.table)',
    });
  });
});
