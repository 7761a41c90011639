import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { createSyncSource, type SyncSource, syncerColumn } from '../../test-support/sync-source.js';

const ORG = 'syncorg';
const BASE = 'https://cdn.example.com/avatars/';
const column = syncerColumn;

/**
 * A Database syncer against a real table of each engine (the same engine as the server's own
 * database): first sync, unchanged sync, changed rows, removed rows, write-back and read-only.
 */
describeEachDatabase('syncing users from a database table', (server, engine) => {
  let admin: ApiClient;
  let source: SyncSource;

  const users = async () =>
    ((await admin.get('/api/get-users', { owner: ORG })).data as Record<string, unknown>[]).sort((a, b) =>
      String(a.name).localeCompare(String(b.name)),
    );
  const user = async (name: string) => (await admin.get('/api/get-user', { id: `${ORG}/${name}` })).data;
  const run = () => admin.get('/api/run-syncer', { id: 'admin/people' });
  const people = () => source.rows('select login, display_name, email, avatar, status, dept from people order by login');

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    expect(await admin.post('/api/add-organization', { owner: 'admin', name: ORG })).toMatchObject({ status: 'ok' });
    source = await createSyncSource(engine, server().ctx.config.dataDir);
    await source.exec(
      'create table people (login varchar(100) primary key, display_name varchar(100), email varchar(100), avatar varchar(200), status varchar(1), dept integer)',
    );
    await source.exec('create table depts (id integer primary key, name varchar(100))');
    await source.exec("insert into depts (id, name) values (1, 'Sales'), (2, 'Research')");
    await source.exec(
      "insert into people (login, display_name, email, avatar, status, dept) values ('alice', 'Alice A', 'alice@example.com', 'alice.png', 'Y', 1), ('bob', 'Bob B', 'bob@example.com', '', 'N', 2), ('carol', 'Carol C', 'carol@example.com', 'https://elsewhere.example.com/c.png', 'Y', 0)",
    );
    const added = await admin.post('/api/add-syncer', {
      owner: 'admin',
      name: 'people',
      organization: ORG,
      type: 'Database',
      ...source.settings,
      table: 'people',
      affiliationTable: 'depts',
      avatarBaseUrl: BASE,
      tableColumns: [
        column('login', 'Name', { isKey: true }),
        column('display_name', 'DisplayName'),
        column('email', 'Email'),
        column('avatar', 'Avatar'),
        column('status', 'IsForbidden', { values: ['N=true', 'Y=false'] }),
        column('dept', 'Score', { type: 'integer' }),
      ],
      syncInterval: 10,
    });
    expect(added).toMatchObject({ status: 'ok' });
  });

  afterAll(async () => {
    await source?.close();
  });

  it('adds a user for every row on the first sync, through the mapping', async () => {
    const answer = await run();
    expect(answer).toMatchObject({ status: 'ok', data: { read: 3, added: 3, updated: 0, deleted: 0, failed: 0 } });
    const alice = await user('alice');
    expect(alice).toMatchObject({
      displayName: 'Alice A',
      email: 'alice@example.com',
      avatar: `${BASE}alice.png`,
      isForbidden: false,
      score: 1,
      affiliation: 'Sales',
    });
    expect(await user('bob')).toMatchObject({ isForbidden: true, affiliation: 'Research' });
    expect((await user('carol')).avatar).toBe('https://elsewhere.example.com/c.png');
    const syncer = (await admin.get('/api/get-syncer', { id: 'admin/people' })).data;
    expect(syncer.syncStatus).toMatchObject({ state: 'succeeded', read: 3, processed: 3, added: 3 });
  });

  it('writes nothing on a second sync when nothing changed', async () => {
    const before = await users();
    const answer = await run();
    expect(answer.data).toMatchObject({ read: 3, added: 0, updated: 0, unchanged: 3, deleted: 0, writtenBack: 0, failed: 0 });
    expect(await users()).toEqual(before);
  });

  it('updates the user whose hashed column changed', async () => {
    await source.exec("update people set display_name = 'Alice Changed', status = 'N' where login = 'alice'");
    const answer = await run();
    expect(answer.data).toMatchObject({ updated: 1, unchanged: 2, added: 0 });
    expect(await user('alice')).toMatchObject({ displayName: 'Alice Changed', isForbidden: true });
  });

  it('reports a removed row as deleted, once, and keeps the user', async () => {
    await source.exec("delete from people where login = 'carol'");
    expect((await run()).data).toMatchObject({ read: 2, deleted: 1, writtenBack: 0 });
    expect(await user('carol')).toMatchObject({ name: 'carol' });
    expect((await run()).data).toMatchObject({ read: 2, deleted: 0, unchanged: 2, writtenBack: 0 });
    expect((await people()).map((row) => row.login)).toEqual(['alice', 'bob']);
  });

  it('writes changes made here back to the table, and users added here as new rows', async () => {
    const bob = await user('bob');
    expect(
      await admin.post('/api/update-user', { ...bob, displayName: 'Bob Here', isForbidden: false }, { id: `${ORG}/bob` }),
    ).toMatchObject({
      status: 'ok',
    });
    expect(
      await admin.post('/api/add-user', { owner: ORG, name: 'gina', displayName: 'Gina G', email: 'gina@example.com' }),
    ).toMatchObject({
      status: 'ok',
    });
    expect((await run()).data).toMatchObject({ writtenBack: 2, updated: 0, added: 0 });
    const rows = await people();
    expect(rows.find((row) => row.login === 'bob')).toMatchObject({ display_name: 'Bob Here', status: 'Y' });
    expect(rows.find((row) => row.login === 'gina')).toMatchObject({
      display_name: 'Gina G',
      email: 'gina@example.com',
      status: 'Y',
    });
    // What was written back is what the next sync finds: nothing to do.
    expect((await run()).data).toMatchObject({ read: 3, unchanged: 3, updated: 0, writtenBack: 0, added: 0 });
  });

  it('never writes to the table when read-only', async () => {
    const syncer = (await admin.get('/api/get-syncer', { id: 'admin/people' })).data;
    expect(await admin.post('/api/update-syncer', { ...syncer, isReadOnly: true }, { id: 'admin/people' })).toMatchObject({
      status: 'ok',
    });
    const before = await people();
    const alice = await user('alice');
    await admin.post('/api/update-user', { ...alice, displayName: 'Alice Local' }, { id: `${ORG}/alice` });
    await admin.post('/api/add-user', { owner: ORG, name: 'hank', displayName: 'Hank H' });
    expect((await run()).data).toMatchObject({ writtenBack: 0, updated: 0, added: 0 });
    expect(await people()).toEqual(before);
    expect((await user('alice')).displayName).toBe('Alice Local');
  });
});
