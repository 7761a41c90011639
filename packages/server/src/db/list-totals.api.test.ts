import { beforeAll, expect, it } from 'vitest';
import { addBulkUsers } from '../domain/bulk-users.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

interface Named {
  owner: string;
  name: string;
}

/**
 * The users' totals come from counters kept by triggers (migrations/0028_list_indexes.ts), and the
 * list search from trigram indexes: both must answer what a COUNT and a LIKE over the table
 * answer, after every kind of write (API adds, renames and deletes, the bulk generator, an
 * organization's rename and delete).
 */
describeEachDatabase('list totals and search', (server) => {
  let admin: ApiClient;

  /** The users of `owner` ('' = all) as the table holds them. */
  const stored = async (owner: string) => {
    let q = server().ctx.database.db.selectFrom('user').select(['owner', 'name', 'displayName', 'email']);
    if (owner !== '') q = q.where('owner', '=', owner);
    return q.execute();
  };

  /** The list's total for `owner` ('' = all) equals the table's count. */
  const expectExactTotals = async (...owners: string[]) => {
    for (const owner of owners) {
      const page = await admin.get('/api/get-users', { owner, p: 1, pageSize: 5 });
      expect(page.status, page.msg).toBe('ok');
      expect(page.data2, `total of '${owner}'`).toBe((await stored(owner)).length);
    }
    const global = await admin.get('/api/get-global-users', { p: 1, pageSize: 5 });
    expect(global.data2).toBe((await stored('')).length);
  };

  /** A search's page and total equal a case-blind substring match over the table. */
  const expectSearch = async (owner: string, field: 'name' | 'displayName' | 'email', value: string) => {
    const page = await admin.get('/api/get-users', { owner, p: 1, pageSize: 1000, field, value });
    expect(page.status, page.msg).toBe('ok');
    const wanted = (await stored(owner))
      .filter((u) => u[field].toLowerCase().includes(value.toLowerCase()))
      .map((u) => `${u.owner}/${u.name}`)
      .sort();
    const got = page.data.map((u: Named) => `${u.owner}/${u.name}`).sort();
    expect(got, `${field} ~ '${value}'`).toEqual(wanted);
    expect(page.data2).toBe(wanted.length);
  };

  beforeAll(async () => {
    await addBulkUsers(server().ctx, { users: 600, organizations: 3, orgPrefix: 'tally-', batch: 250 });
    admin = new ApiClient(server().url);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
  });

  it('counts bulk-added users per organization and in all', async () => {
    await expectExactTotals('tally-0', 'tally-1', 'tally-2', 'built-in', 'no-such-org', '');
    const page = await admin.get('/api/get-users', { owner: 'tally-1', p: 1, pageSize: 5 });
    expect(page.data2).toBe(200);
  });

  it('keeps counting through adds, renames and deletes of users', async () => {
    for (const name of ['tally-a', 'tally-b', 'tally-c']) {
      const added = await admin.post('/api/add-user', { owner: 'tally-0', name, displayName: `Tally ${name}` });
      expect(added.status, added.msg).toBe('ok');
    }
    await expectExactTotals('tally-0', '');
    const before = await admin.get('/api/get-user', { id: 'tally-0/tally-a' });
    const renamed = await admin.post('/api/update-user', { ...before.data, name: 'tally-renamed' }, { id: 'tally-0/tally-a' });
    expect(renamed.status, renamed.msg).toBe('ok');
    const removed = await admin.post('/api/delete-user', { owner: 'tally-0', name: 'tally-b' });
    expect(removed.data).toBe('Affected');
    await expectExactTotals('tally-0', '');
    expect((await admin.get('/api/get-users', { owner: 'tally-0', p: 1, pageSize: 5 })).data2).toBe(202);
  });

  it("moves the count with an organization's rename and drops it with its delete", async () => {
    const org = await admin.get('/api/get-organization', { id: 'admin/tally-2' });
    const renamed = await admin.post('/api/update-organization', { ...org.data, name: 'tally-moved' }, { id: 'admin/tally-2' });
    expect(renamed.status, renamed.msg).toBe('ok');
    await expectExactTotals('tally-2', 'tally-moved', '');
    expect((await admin.get('/api/get-users', { owner: 'tally-moved', p: 1, pageSize: 5 })).data2).toBe(200);
    // The search index follows the move: the moved users are found under their new organization.
    await expectSearch('tally-moved', 'name', 'user2');
    const removed = await admin.post('/api/delete-organization', { owner: 'admin', name: 'tally-moved' });
    expect(removed.status, removed.msg).toBe('ok');
    await expectExactTotals('tally-moved', '');
    expect((await admin.get('/api/get-users', { owner: 'tally-moved', p: 1, pageSize: 5 })).data2).toBe(0);
  });

  it('searches names, display names and addresses as a case-blind substring', async () => {
    // Three characters or more go through the trigram index on SQLite; shorter ones scan.
    for (const value of ['user4', 'USER4', 'ser12', '12', '5', 'tally-renamed', 'renamed', 'nobody-here'])
      await expectSearch('', 'name', value);
    for (const value of ['ally', 'TALLY T', 'user 1']) await expectSearch('', 'displayName', value);
    for (const value of ['user42@', '@BENCH.test', 'r1@b']) await expectSearch('tally-0', 'email', value);
    // LIKE wildcards and the index's quote character are matched as themselves.
    for (const value of ['user%4', 'user_4', '"user4"', 'a"b']) await expectSearch('', 'name', value);
    // The renamed and the deleted user are found (or not) by their names of now.
    await expectSearch('tally-0', 'name', 'tally-a');
    await expectSearch('tally-0', 'name', 'tally-b');
  });

  it('keeps the search and the totals in step after the bulk generator adds more', async () => {
    await addBulkUsers(server().ctx, { users: 100, first: 600, organizations: 2, orgPrefix: 'tally-', batch: 40 });
    await expectExactTotals('tally-0', 'tally-1', '');
    await expectSearch('', 'name', 'user65');
    await expectSearch('tally-1', 'email', 'user69');
  });
});
