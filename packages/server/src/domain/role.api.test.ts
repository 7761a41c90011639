import { beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '../integrations/sheets/xlsx.js';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import type { ApiClient } from '../test-support/client.js';
import { sheetForm as form } from '../test-support/files.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('role rules', (server) => {
  let team: Team;
  let admin: ApiClient;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'roleorg');
    admin = team.admin;
    await admin.post('/api/add-organization', { owner: 'admin', name: 'roleother' });
    await admin.post('/api/add-user', { owner: 'roleother', name: 'stranger', password: 'stranger-pass' });
    await admin.post('/api/add-group', { owner: 'roleorg', name: 'staff', type: 'Virtual' });
  });

  const addRole = (client: ApiClient, body: Record<string, unknown>) =>
    client.post('/api/add-role', { owner: 'roleorg', ...body });
  const getRole = async (name: string) => (await admin.get('/api/get-role', { id: `roleorg/${name}` })).data;
  const update = (name: string, body: Record<string, unknown>) => admin.post('/api/update-role', body, { id: `roleorg/${name}` });

  it('adds a role with the defaults and its organization’s members', async () => {
    const added = await addRole(team.orgAdmin, {
      name: 'editors',
      users: ['roleorg/worker'],
      groups: ['roleorg/staff'],
      domains: ['docs'],
      isEnabled: true,
    });
    expect(added).toMatchObject({ status: 'ok' });
    expect(await getRole('editors')).toMatchObject({
      users: ['roleorg/worker'],
      groups: ['roleorg/staff'],
      roles: [],
      domains: ['docs'],
    });
    expect(await addRole(admin, { name: 'empty' })).toMatchObject({ status: 'ok' });
    expect(await getRole('empty')).toMatchObject({ users: [], groups: [], roles: [], domains: [], isEnabled: false });
  });

  it('refuses members that do not exist in the role’s organization, naming the missing one', async () => {
    expect(await addRole(admin, { name: 'r-missing-user', users: ['roleorg/worker', 'roleorg/ghost'] })).toMatchObject({
      status: 'error',
      msg: 'The user "roleorg/ghost" does not exist in the organization "roleorg"',
    });
    expect(await addRole(admin, { name: 'r-other-org', users: ['roleother/stranger'] })).toMatchObject({
      status: 'error',
      msg: 'The user "roleother/stranger" does not exist in the organization "roleorg"',
    });
    expect(await addRole(admin, { name: 'r-missing-group', groups: ['roleorg/nogroup'] })).toMatchObject({
      status: 'error',
      msg: 'The group "roleorg/nogroup" does not exist in the organization "roleorg"',
    });
    expect(await addRole(admin, { name: 'r-missing-role', roles: ['roleorg/norole'] })).toMatchObject({
      status: 'error',
      msg: 'The role "roleorg/norole" does not exist in the organization "roleorg"',
    });
    expect(await getRole('r-missing-user')).toBeNull();
  });

  it('refuses a role containing itself, and sub-role cycles', async () => {
    expect(await addRole(admin, { name: 'selfish', roles: ['roleorg/selfish'] })).toMatchObject({
      status: 'error',
      msg: 'The role "roleorg/selfish" cannot contain itself',
    });
    await addRole(admin, { name: 'ra' });
    await addRole(admin, { name: 'rb', roles: ['roleorg/ra'] });
    await addRole(admin, { name: 'rc', roles: ['roleorg/rb'] });
    const ra = await getRole('ra');
    expect(await update('ra', { ...ra, roles: ['roleorg/ra'] })).toMatchObject({ status: 'error', code: 'roleContainsItself' });
    expect(await update('ra', { ...ra, roles: ['roleorg/rc'] })).toMatchObject({
      status: 'error',
      msg: 'The sub-role "roleorg/rc" already contains the role "roleorg/ra": roles cannot form a cycle',
    });
    expect(await getRole('ra')).toMatchObject({ roles: [] });
  });

  it('follows a role’s rename and delete into the roles and permissions naming it', async () => {
    await addRole(admin, { name: 'leaf' });
    await addRole(admin, { name: 'parent', roles: ['roleorg/leaf'] });
    expect(
      await admin.post('/api/add-permission', {
        owner: 'roleorg',
        name: 'p-leaf',
        roles: ['roleorg/leaf'],
        resources: ['app-built-in'],
        actions: ['Read'],
      }),
    ).toMatchObject({ status: 'ok' });
    const leaf = await getRole('leaf');
    expect(await update('leaf', { ...leaf, name: 'leaf2' })).toMatchObject({ status: 'ok' });
    expect(await getRole('parent')).toMatchObject({ roles: ['roleorg/leaf2'] });
    const permission = (await admin.get('/api/get-permission', { id: 'roleorg/p-leaf' })).data;
    expect(permission).toMatchObject({ roles: ['roleorg/leaf2'] });
    const byRole = await admin.get('/api/get-permissions-by-role', { id: 'roleorg/leaf2' });
    expect(byRole).toMatchObject({ status: 'ok', data2: 1 });
    expect(byRole.data).toMatchObject([{ name: 'p-leaf' }]);
    expect(await team.member.get('/api/get-permissions-by-role', { id: 'roleorg/leaf2' })).toMatchObject({ status: 'error' });

    expect(await admin.post('/api/delete-role', { owner: 'roleorg', name: 'leaf2' })).toMatchObject({ data: 'Affected' });
    expect(await getRole('parent')).toMatchObject({ roles: [] });
    expect((await admin.get('/api/get-permission', { id: 'roleorg/p-leaf' })).data).toMatchObject({ roles: [] });
  });

  it('follows renames and deletes of users and groups, and of the organization', async () => {
    await admin.post('/api/add-user', { owner: 'roleorg', name: 'mover', password: 'mover-pass' });
    await admin.post('/api/add-group', { owner: 'roleorg', name: 'crew', type: 'Virtual' });
    await addRole(admin, { name: 'movers', users: ['roleorg/mover', 'roleorg/worker'], groups: ['roleorg/crew'] });
    const mover = (await admin.get('/api/get-user', { id: 'roleorg/mover' })).data;
    expect(await admin.post('/api/update-user', { ...mover, name: 'mover2' }, { id: 'roleorg/mover' })).toMatchObject({
      status: 'ok',
    });
    const crew = (await admin.get('/api/get-group', { id: 'roleorg/crew' })).data;
    expect(await admin.post('/api/update-group', { ...crew, name: 'crew2' }, { id: 'roleorg/crew' })).toMatchObject({
      status: 'ok',
    });
    expect(await getRole('movers')).toMatchObject({ users: ['roleorg/mover2', 'roleorg/worker'], groups: ['roleorg/crew2'] });
    await admin.post('/api/delete-user', { owner: 'roleorg', name: 'mover2' });
    await admin.post('/api/delete-group', { owner: 'roleorg', name: 'crew2' });
    expect(await getRole('movers')).toMatchObject({ users: ['roleorg/worker'], groups: [] });

    await admin.post('/api/add-organization', { owner: 'admin', name: 'rolemoved' });
    await admin.post('/api/add-user', { owner: 'rolemoved', name: 'member1', password: 'member1-pass' });
    await admin.post('/api/add-role', { owner: 'rolemoved', name: 'crew-role', users: ['rolemoved/member1'] });
    const org = (await admin.get('/api/get-organization', { id: 'admin/rolemoved' })).data;
    expect(await admin.post('/api/update-organization', { ...org, name: 'rolemoved2' }, { id: 'admin/rolemoved' })).toMatchObject(
      {
        status: 'ok',
      },
    );
    expect((await admin.get('/api/get-role', { id: 'rolemoved2/crew-role' })).data).toMatchObject({
      users: ['rolemoved2/member1'],
    });
  });

  it('keeps members away from roles', async () => {
    expect(await team.member.get('/api/get-roles', { owner: 'roleorg' })).toMatchObject({ status: 'error' });
    expect(await addRole(team.member, { name: 'by-member' })).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });
  });

  describe('upload-roles', () => {
    it('creates the roles of an .xlsx workbook, all or none', async () => {
      const workbook = await writeSheet(
        'roles',
        ['name', 'Display name#displayName', 'users', 'isEnabled'],
        [
          ['up-a', 'Uploaded A', 'roleorg/worker', 'true'],
          ['up-b', 'Uploaded B', '', 'false'],
        ],
      );
      expect(await team.orgAdmin.postForm('/api/upload-roles', form(workbook, 'roles.xlsx'))).toMatchObject({
        status: 'ok',
        data2: 2,
      });
      expect(await getRole('up-a')).toMatchObject({ displayName: 'Uploaded A', users: ['roleorg/worker'], isEnabled: true });

      const failing = await writeSheet(
        'roles',
        ['name', 'users'],
        [
          ['up-c', ''],
          ['up-d', 'roleorg/ghost'],
        ],
      );
      expect(await team.orgAdmin.postForm('/api/upload-roles', form(failing, 'roles.xlsx'))).toMatchObject({
        status: 'error',
        msg: 'Row 3: The user "roleorg/ghost" does not exist in the organization "roleorg"',
      });
      expect(await getRole('up-c')).toBeNull();
    });

    it('takes .xlsx files only', async () => {
      expect(await team.orgAdmin.postForm('/api/upload-roles', form('name\nx', 'roles.csv'))).toMatchObject({
        status: 'error',
        msg: 'Only .xlsx files can be uploaded',
      });
      const unknown = await writeSheet('roles', ['name', 'colour'], [['up-e', 'red']]);
      expect(await team.orgAdmin.postForm('/api/upload-roles', form(unknown, 'roles.xlsx'))).toMatchObject({
        status: 'error',
        code: 'sheetColumn',
      });
    });
  });
});
