import { beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';
import { addBulkUsers } from './bulk-users.js';

/**
 * The bulk generator's rows are users as the API reads and writes them: listed, counted, sorted,
 * searched and read through the API, signed in with their password, and changed through the
 * ordinary update path.
 */
describeEachDatabase('bulk users', (server) => {
  const USERS = 5000;
  let admin: ApiClient;

  beforeAll(async () => {
    const progress: number[] = [];
    const result = await addBulkUsers(server().ctx, {
      users: USERS,
      organizations: 3,
      orgPrefix: 'bulk-',
      password: 'bulk-password',
      batch: 2000,
      onProgress: (added) => progress.push(added),
    });
    expect(result).toMatchObject({ users: USERS, organizations: ['bulk-0', 'bulk-1', 'bulk-2'] });
    expect(progress).toEqual([2000, 4000, 5000]);
    admin = new ApiClient(server().url);
    expect((await admin.login('admin', ADMIN_PASSWORD)).status).toBe('ok');
  });

  it('lists and counts the users of each organization, newest first', async () => {
    const page = await admin.get('/api/get-users', { owner: 'bulk-1', p: 1, pageSize: 10 });
    expect(page.status, page.msg).toBe('ok');
    expect(page.data2).toBe(1667);
    expect(page.data).toHaveLength(10);
    // Creation times rise with the number: the newest user of bulk-1 is the last one added to it.
    expect(page.data[0]).toMatchObject({ owner: 'bulk-1', name: 'user4999', email: 'user4999@bench.test' });
    const all = await admin.get('/api/get-global-users', { p: 1, pageSize: 1 });
    expect(all.data2).toBeGreaterThanOrEqual(USERS);
  });

  it('sorts and searches by name and e-mail', async () => {
    const byName = await admin.get('/api/get-users', {
      owner: 'bulk-0',
      p: 1,
      pageSize: 3,
      sortField: 'name',
      sortOrder: 'ascend',
    });
    expect(byName.data.map((u: { name: string }) => u.name)).toEqual(['user0', 'user1002', 'user1005']);
    const search = await admin.get('/api/get-users', { owner: '', p: 1, pageSize: 10, field: 'email', value: 'user4242@' });
    expect(search.data.map((u: { name: string }) => u.name)).toEqual(['user4242']);
  });

  it('reads a user whole, with the organization defaults and a masked password', async () => {
    const one = await admin.get('/api/get-user', { id: 'bulk-2/user5' });
    expect(one.status, one.msg).toBe('ok');
    expect(one.data).toMatchObject({
      owner: 'bulk-2',
      name: 'user5',
      displayName: 'User 5',
      type: 'normal-user',
      phone: '5550000005',
      isAdmin: false,
      isDeleted: false,
      groups: [],
      properties: {},
      balance: 0,
    });
    expect(one.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(one.data.password).not.toBe('bulk-password');
    expect(one.data.createdTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('signs a user in with the shared password, and updates it through the API', async () => {
    const app = await admin.post('/api/add-application', {
      owner: 'admin',
      name: 'bulk-app',
      organization: 'bulk-0',
      enablePassword: true,
    });
    expect(app.status, app.msg).toBe('ok');
    const user = new ApiClient(server().url);
    const login = await user.post('/api/login', {
      type: 'login',
      application: 'bulk-app',
      organization: 'bulk-0',
      username: 'user3',
      password: 'bulk-password',
      autoSignin: true,
    });
    expect(login.status, login.msg).toBe('ok');
    expect((await user.get('/api/get-account')).data).toMatchObject({ owner: 'bulk-0', name: 'user3' });
    const stored = await admin.get('/api/get-user', { id: 'bulk-0/user3' });
    const updated = await admin.post('/api/update-user', { ...stored.data, title: 'Bulk tester' }, { id: 'bulk-0/user3' });
    expect(updated.status, updated.msg).toBe('ok');
    expect((await admin.get('/api/get-user', { id: 'bulk-0/user3' })).data.title).toBe('Bulk tester');
  });
});
