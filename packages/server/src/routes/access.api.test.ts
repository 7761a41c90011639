import { beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

/**
 * The three audiences: global admin (administrators of built-in), organization admin (isAdmin in
 * their organization) and ordinary users. Every refusal comes from the server.
 */
describeEachDatabase('access control', (server) => {
  let global: ApiClient;
  let orgAdmin: ApiClient;
  let member: ApiClient;

  beforeAll(async () => {
    global = new ApiClient(server().url);
    await global.login('admin', ADMIN_PASSWORD);
    for (const name of ['north', 'south']) {
      await global.post('/api/add-organization', {
        owner: 'admin',
        name,
        displayName: name,
        masterPassword: `${name}-master-secret`,
      });
      await global.post('/api/add-user', { owner: name, name: 'boss', isAdmin: true, password: 'boss-pass' });
      await global.post('/api/add-user', { owner: name, name: 'worker', password: 'worker-pass' });
    }
    orgAdmin = new ApiClient(server().url);
    expect((await orgAdmin.login('boss', 'boss-pass', 'north')).status).toBe('ok');
    member = new ApiClient(server().url);
    expect((await member.login('worker', 'worker-pass', 'north')).status).toBe('ok');
  });

  it('global admins list every organization and every user', async () => {
    const orgs = await global.get('/api/get-organizations', { owner: 'admin', organizationName: '', p: 1, pageSize: 50 });
    expect((orgs.data as { name: string }[]).map((o) => o.name).sort()).toEqual(['built-in', 'north', 'south']);
    const users = await global.get('/api/get-users', { owner: '', p: 1, pageSize: 50 });
    expect(users.data2).toBe(5);
    const globalUsers = await global.get('/api/get-global-users', { p: 1, pageSize: 50 });
    expect(globalUsers.data2).toBe(5);
    const oneOrg = await global.get('/api/get-users', { owner: 'south', p: 1, pageSize: 50 });
    expect((oneOrg.data as { owner: string }[]).every((u) => u.owner === 'south')).toBe(true);
  });

  it('organization admins are held to their own organization', async () => {
    const orgs = await orgAdmin.get('/api/get-organizations', { owner: 'admin', organizationName: '', p: 1, pageSize: 50 });
    expect((orgs.data as { name: string }[]).map((o) => o.name)).toEqual(['north']);
    const users = await orgAdmin.get('/api/get-users', { owner: '', p: 1, pageSize: 50 });
    expect((users.data as { owner: string }[]).map((u) => u.owner)).toEqual(['north', 'north']);
    expect(await orgAdmin.get('/api/get-users', { owner: 'south', p: 1, pageSize: 50 })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    expect(await orgAdmin.get('/api/get-global-users', { p: 1, pageSize: 50 })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    expect(await orgAdmin.get('/api/get-user', { id: 'south/worker' })).toMatchObject({ status: 'error', code: 'unauthorized' });
    expect(await orgAdmin.get('/api/get-organization', { id: 'admin/south' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
  });

  it('organization admins manage users of their organization only', async () => {
    expect((await orgAdmin.post('/api/add-user', { owner: 'north', name: 'newbie', password: 'newbie-pass' })).status).toBe('ok');
    expect(await orgAdmin.post('/api/add-user', { owner: 'south', name: 'intruder', password: 'intruder-pass' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    const worker = (await global.get('/api/get-user', { id: 'south/worker' })).data;
    expect(await orgAdmin.post('/api/update-user', { ...worker, displayName: 'hacked' }, { id: 'south/worker' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    expect(await orgAdmin.post('/api/delete-user', { owner: 'south', name: 'worker' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    // Moving a user into another organization is a global admin's change.
    const newbie = (await orgAdmin.get('/api/get-user', { id: 'north/newbie' })).data;
    expect(await orgAdmin.post('/api/update-user', { ...newbie, owner: 'south' }, { id: 'north/newbie' })).toMatchObject({
      status: 'error',
    });
    expect((await global.get('/api/get-user', { id: 'north/newbie' })).data.owner).toBe('north');
  });

  it('only global admins add or delete organizations, or change navItems and widgetItems', async () => {
    expect(await orgAdmin.post('/api/add-organization', { owner: 'admin', name: 'rogue' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    expect(await orgAdmin.post('/api/delete-organization', { owner: 'admin', name: 'north' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    const north = (await orgAdmin.get('/api/get-organization', { id: 'admin/north' })).data;
    expect(
      (await orgAdmin.post('/api/update-organization', { ...north, displayName: 'North Inc.' }, { id: 'admin/north' })).status,
    ).toBe('ok');
    expect(
      await orgAdmin.post('/api/update-organization', { ...north, navItems: ['/users'] }, { id: 'admin/north' }),
    ).toMatchObject({
      status: 'error',
      code: 'fieldLocked',
      msg: 'You are not allowed to change navItems',
    });
    expect(
      (await global.post('/api/update-organization', { ...north, navItems: ['/users'] }, { id: 'admin/north' })).status,
    ).toBe('ok');
  });

  it('ordinary users read and edit their own record only, and never admin-only fields', async () => {
    expect(await member.get('/api/get-users', { owner: 'north', p: 1, pageSize: 10 })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
    expect(await member.get('/api/get-user', { id: 'north/boss' })).toMatchObject({ status: 'error', code: 'unauthorized' });
    const self = (await member.get('/api/get-user', { id: 'north/worker' })).data;
    expect(self.name).toBe('worker');
    expect((await member.post('/api/update-user', { ...self, displayName: 'Worker Bee' }, { id: 'north/worker' })).status).toBe(
      'ok',
    );
    for (const change of [{ isAdmin: true }, { email: 'me@evil.test' }, { tag: 'boss' }, { name: 'renamed' }, { score: 99999 }]) {
      const res = await member.post('/api/update-user', { ...self, ...change }, { id: 'north/worker' });
      expect(res).toMatchObject({ status: 'error', code: 'fieldLocked' });
    }
    const after = (await global.get('/api/get-user', { id: 'north/worker' })).data;
    expect(after).toMatchObject({ displayName: 'Worker Bee', isAdmin: false, name: 'worker' });
    expect(await member.post('/api/add-user', { owner: 'north', name: 'sneaky' })).toMatchObject({
      status: 'error',
      code: 'unauthorized',
    });
  });

  it('masks secrets for viewers who may not edit them and keeps them on "***"', async () => {
    const asMember = (await member.get('/api/get-organization', { id: 'admin/north' })).data;
    expect(asMember.masterPassword).toBe('***');
    const asAdmin = (await orgAdmin.get('/api/get-organization', { id: 'admin/north' })).data;
    expect(asAdmin.masterPassword).toBe('north-master-secret');
    expect(
      (await orgAdmin.post('/api/update-organization', { ...asAdmin, masterPassword: '***' }, { id: 'admin/north' })).status,
    ).toBe('ok');
    expect((await orgAdmin.get('/api/get-organization', { id: 'admin/north' })).data.masterPassword).toBe('north-master-secret');
  });

  it('a signed-in user of a deleted or forbidden account loses access at once', async () => {
    await global.post('/api/add-user', { owner: 'south', name: 'temp', password: 'temp-pass' });
    const temp = new ApiClient(server().url);
    await temp.login('temp', 'temp-pass', 'south');
    const record = (await global.get('/api/get-user', { id: 'south/temp' })).data;
    await global.post('/api/update-user', { ...record, isForbidden: true }, { id: 'south/temp' });
    expect(await temp.get('/api/get-account')).toMatchObject({ status: 'error', code: 'pleaseLogin' });
  });
});
