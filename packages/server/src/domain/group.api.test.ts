import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import type { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('group rules', (server) => {
  let team: Team;
  let admin: ApiClient;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'grouporg');
    admin = team.admin;
    await admin.post('/api/add-organization', { owner: 'admin', name: 'otherorg' });
  });

  const addGroup = (client: ApiClient, body: Record<string, unknown>) =>
    client.post('/api/add-group', { owner: 'grouporg', type: 'Virtual', isEnabled: true, ...body });
  const getGroup = async (name: string, owner = 'grouporg') =>
    (await admin.get('/api/get-group', { id: `${owner}/${name}` })).data;

  describe('parents', () => {
    it('makes a group without a parent, or under its organization, a top group', async () => {
      expect(await addGroup(admin, { name: 'top-a' })).toMatchObject({ status: 'ok' });
      expect(await getGroup('top-a')).toMatchObject({ parentId: 'grouporg', isTopGroup: true, haveChildren: false });
      // isTopGroup follows the parent, whatever the client sends.
      expect(await addGroup(admin, { name: 'top-b', parentId: 'grouporg', isTopGroup: false })).toMatchObject({ status: 'ok' });
      expect(await getGroup('top-b')).toMatchObject({ isTopGroup: true });
    });

    it('puts a group under a group of the same organization and marks the parent', async () => {
      expect(await addGroup(admin, { name: 'child-a', parentId: 'top-a' })).toMatchObject({ status: 'ok' });
      expect(await getGroup('child-a')).toMatchObject({ parentId: 'top-a', isTopGroup: false });
      expect(await getGroup('top-a')).toMatchObject({ haveChildren: true });
    });

    it('refuses a parent that is neither the organization nor one of its groups', async () => {
      const refused = await addGroup(admin, { name: 'orphan', parentId: 'nowhere' });
      expect(refused).toMatchObject({
        status: 'error',
        msg: 'The parent "nowhere" is neither the organization "grouporg" nor one of its groups',
      });
      expect(await getGroup('orphan')).toBeNull();
    });

    it('refuses to place a group under itself or one of its subgroups', async () => {
      await addGroup(admin, { name: 'grandchild-a', parentId: 'child-a' });
      const top = await getGroup('top-a');
      const refused = await admin.post('/api/update-group', { ...top, parentId: 'grandchild-a' }, { id: 'grouporg/top-a' });
      expect(refused).toMatchObject({
        status: 'error',
        msg: 'The group "top-a" cannot be placed under itself or one of its subgroups',
      });
      const self = await admin.post('/api/update-group', { ...top, parentId: 'top-a' }, { id: 'grouporg/top-a' });
      expect(self).toMatchObject({ status: 'error', code: 'groupParentCycle' });
      expect(await getGroup('top-a')).toMatchObject({ parentId: 'grouporg', isTopGroup: true });
    });

    it('moves a group to another parent and keeps both parents’ flags true', async () => {
      await addGroup(admin, { name: 'mover', parentId: 'top-b' });
      expect(await getGroup('top-b')).toMatchObject({ haveChildren: true });
      const mover = await getGroup('mover');
      expect(await admin.post('/api/update-group', { ...mover, parentId: 'grouporg' }, { id: 'grouporg/mover' })).toMatchObject({
        status: 'ok',
      });
      expect(await getGroup('mover')).toMatchObject({ isTopGroup: true });
      expect(await getGroup('top-b')).toMatchObject({ haveChildren: false });
    });
  });

  describe('names', () => {
    it('refuses a group named like an organization, since parents name either', async () => {
      expect(await addGroup(admin, { name: 'otherorg' })).toMatchObject({
        status: 'error',
        msg: 'The group name "otherorg" is the name of an organization; choose another name',
      });
    });

    it('renames a group: its subgroups and its users follow', async () => {
      await addGroup(admin, { name: 'old-name' });
      await addGroup(admin, { name: 'below-old', parentId: 'old-name' });
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'member-x', groups: ['grouporg/old-name', 'grouporg/top-b'] });
      const group = await getGroup('old-name');
      expect(await admin.post('/api/update-group', { ...group, name: 'new-name' }, { id: 'grouporg/old-name' })).toMatchObject({
        status: 'ok',
      });
      expect(await getGroup('below-old')).toMatchObject({ parentId: 'new-name' });
      expect(await getGroup('new-name')).toMatchObject({ haveChildren: true });
      const user = (await admin.get('/api/get-user', { id: 'grouporg/member-x' })).data;
      expect(user.groups).toEqual(['grouporg/new-name', 'grouporg/top-b']);
    });
  });

  describe('deleting', () => {
    it('refuses to delete a group with subgroups, then deletes it once they are gone', async () => {
      await addGroup(admin, { name: 'parent-d' });
      await addGroup(admin, { name: 'child-d', parentId: 'parent-d' });
      expect(await admin.post('/api/delete-group', { owner: 'grouporg', name: 'parent-d' })).toMatchObject({
        status: 'error',
        msg: 'You need to delete all subgroups first',
      });
      expect(await admin.post('/api/delete-group', { owner: 'grouporg', name: 'child-d' })).toMatchObject({ status: 'ok' });
      expect(await getGroup('parent-d')).toMatchObject({ haveChildren: false });
      expect(await admin.post('/api/delete-group', { owner: 'grouporg', name: 'parent-d' })).toMatchObject({ status: 'ok' });
      expect(await getGroup('parent-d')).toBeNull();
    });

    it('refuses to delete a group that still has users', async () => {
      await addGroup(admin, { name: 'busy' });
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'member-y', groups: ['grouporg/busy'] });
      expect(await admin.post('/api/delete-group', { owner: 'grouporg', name: 'busy' })).toMatchObject({
        status: 'error',
        msg: 'The group "grouporg/busy" still has users; remove them from the group first',
      });
      expect(await getGroup('busy')).not.toBeNull();
    });
  });

  describe('members', () => {
    it('lists a group’s users through get-users?groupName, paged', async () => {
      await addGroup(admin, { name: 'crew' });
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'crew-1', groups: ['grouporg/crew'] });
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'crew-2', groups: ['grouporg/crew', 'grouporg/top-a'] });
      const listed = await admin.get('/api/get-users', {
        owner: 'grouporg',
        groupName: 'crew',
        p: 1,
        pageSize: 10,
        sortField: 'name',
        sortOrder: 'ascend',
      });
      expect(listed.data.map((u: { name: string }) => u.name)).toEqual(['crew-1', 'crew-2']);
      expect(listed.data2).toBe(2);
      const firstPage = await team.orgAdmin.get('/api/get-users', { owner: 'grouporg', groupName: 'crew', p: 1, pageSize: 1 });
      expect(firstPage).toMatchObject({ status: 'ok', data2: 2 });
      expect(firstPage.data).toHaveLength(1);
    });

    it("answers each group's users and its parent's display name, as Casdoor does", async () => {
      await addGroup(admin, { name: 'squad', displayName: 'Squad', parentId: 'crew' });
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'squad-1', groups: ['grouporg/squad'] });
      expect(await getGroup('crew')).toMatchObject({ users: ['grouporg/crew-1', 'grouporg/crew-2'], parentName: '' });
      const page = await admin.get('/api/get-groups', { owner: 'grouporg', p: 1, pageSize: 50, field: 'name', value: 'squad' });
      expect(page.data).toEqual([expect.objectContaining({ name: 'squad', users: ['grouporg/squad-1'], parentName: '' })]);
      await admin.post('/api/update-group', { ...(await getGroup('crew')), displayName: 'The Crew' }, { id: 'grouporg/crew' });
      expect(await getGroup('squad')).toMatchObject({ parentName: 'The Crew', users: ['grouporg/squad-1'] });
    });

    it('removes a user from a group; an ordinary user may not', async () => {
      await addGroup(admin, { name: 'leavers' });
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'leaver', groups: ['grouporg/leavers', 'grouporg/top-a'] });
      const refused = await team.member.post('/api/remove-user-from-group', {
        owner: 'grouporg',
        name: 'leaver',
        groupName: 'leavers',
      });
      expect(refused).toMatchObject({ status: 'error' });
      const removed = await team.orgAdmin.post('/api/remove-user-from-group', {
        owner: 'grouporg',
        name: 'leaver',
        groupName: 'leavers',
      });
      expect(removed).toMatchObject({ status: 'ok', data: 'Affected' });
      expect((await admin.get('/api/get-user', { id: 'grouporg/leaver' })).data.groups).toEqual(['grouporg/top-a']);
      const members = await admin.get('/api/get-users', { owner: 'grouporg', groupName: 'leavers', p: 1, pageSize: 10 });
      expect(members.data).toEqual([]);
      // The group has no users left, so it may go.
      expect(await admin.post('/api/delete-group', { owner: 'grouporg', name: 'leavers' })).toMatchObject({ status: 'ok' });
    });

    it('a renamed or deleted user leaves the group’s list', async () => {
      await addGroup(admin, { name: 'movers' });
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'mover-1', groups: ['grouporg/movers'] });
      const user = (await admin.get('/api/get-user', { id: 'grouporg/mover-1' })).data;
      await admin.post('/api/update-user', { ...user, name: 'mover-2' }, { id: 'grouporg/mover-1' });
      const listed = await admin.get('/api/get-users', { owner: 'grouporg', groupName: 'movers', p: 1, pageSize: 10 });
      expect(listed.data.map((u: { name: string }) => u.name)).toEqual(['mover-2']);
      await admin.post('/api/delete-user', { owner: 'grouporg', name: 'mover-2' });
      expect((await admin.get('/api/get-users', { owner: 'grouporg', groupName: 'movers', p: 1, pageSize: 10 })).data).toEqual(
        [],
      );
    });

    it('refuses a second physical group for one user, and changes nothing', async () => {
      await addGroup(admin, { name: 'site-1', type: 'Physical' });
      await addGroup(admin, { name: 'site-2', type: 'Physical' });
      const added = await admin.post('/api/add-user', {
        owner: 'grouporg',
        name: 'two-sites',
        groups: ['grouporg/site-1', 'grouporg/site-2'],
      });
      expect(added).toMatchObject({ status: 'error', msg: 'You can only select one physical group' });
      expect((await admin.get('/api/get-user', { id: 'grouporg/two-sites' })).data).toBeNull();
      await admin.post('/api/add-user', { owner: 'grouporg', name: 'one-site', groups: ['grouporg/site-1', 'grouporg/top-a'] });
      const user = (await admin.get('/api/get-user', { id: 'grouporg/one-site' })).data;
      const refused = await admin.post(
        '/api/update-user',
        { ...user, groups: [...user.groups, 'grouporg/site-2'] },
        { id: 'grouporg/one-site' },
      );
      expect(refused).toMatchObject({ status: 'error', code: 'onlyOnePhysicalGroup' });
      expect((await admin.get('/api/get-user', { id: 'grouporg/one-site' })).data.groups).toEqual([
        'grouporg/site-1',
        'grouporg/top-a',
      ]);
    });
  });

  describe('tree', () => {
    it('answers the organization’s groups as a tree with withTree=true', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'treeorg' });
      await admin.post('/api/add-group', { owner: 'treeorg', name: 'b-root', displayName: 'B', type: 'Virtual' });
      await admin.post('/api/add-group', { owner: 'treeorg', name: 'a-root', displayName: 'A', type: 'Physical' });
      await admin.post('/api/add-group', { owner: 'treeorg', name: 'a-child', parentId: 'a-root', type: 'Virtual' });
      await admin.post('/api/add-group', { owner: 'treeorg', name: 'a-grandchild', parentId: 'a-child', type: 'Virtual' });
      const tree = await admin.get('/api/get-groups', { owner: 'treeorg', withTree: 'true' });
      expect(tree).toMatchObject({ status: 'ok' });
      expect(tree.data).toEqual([
        {
          key: 'a-root',
          title: 'A',
          owner: 'treeorg',
          type: 'Physical',
          isEnabled: false,
          children: [
            {
              key: 'a-child',
              title: 'a-child',
              owner: 'treeorg',
              type: 'Virtual',
              isEnabled: false,
              children: [{ key: 'a-grandchild', title: 'a-grandchild', owner: 'treeorg', type: 'Virtual', isEnabled: false }],
            },
          ],
        },
        { key: 'b-root', title: 'B', owner: 'treeorg', type: 'Virtual', isEnabled: false },
      ]);
      // Held to their organization, like the list.
      expect(await team.orgAdmin.get('/api/get-groups', { owner: 'treeorg', withTree: 'true' })).toMatchObject({
        status: 'error',
      });
    });
  });

  describe('organizations', () => {
    it('lets only global admins move a group to another organization; a top group stays top', async () => {
      await addGroup(admin, { name: 'travel' });
      const group = await getGroup('travel');
      expect(
        await team.orgAdmin.post('/api/update-group', { ...group, owner: 'otherorg' }, { id: 'grouporg/travel' }),
      ).toMatchObject({ status: 'error' });
      expect(await admin.post('/api/update-group', { ...group, owner: 'otherorg' }, { id: 'grouporg/travel' })).toMatchObject({
        status: 'ok',
      });
      expect(await getGroup('travel', 'otherorg')).toMatchObject({ parentId: 'otherorg', isTopGroup: true });
    });

    it('refuses to move a group with subgroups to another organization', async () => {
      await addGroup(admin, { name: 'rooted' });
      await addGroup(admin, { name: 'rooted-child', parentId: 'rooted' });
      const group = await getGroup('rooted');
      expect(await admin.post('/api/update-group', { ...group, owner: 'otherorg' }, { id: 'grouporg/rooted' })).toMatchObject({
        status: 'error',
        code: 'groupMoveWithSubgroups',
      });
    });

    it('an organization admin manages the groups of their organization only', async () => {
      expect(await addGroup(team.orgAdmin, { name: 'by-boss' })).toMatchObject({ status: 'ok' });
      expect(await team.orgAdmin.post('/api/add-group', { owner: 'otherorg', name: 'elsewhere', type: 'Virtual' })).toMatchObject(
        {
          status: 'error',
        },
      );
      expect(await addGroup(team.member, { name: 'by-worker' })).toMatchObject({ status: 'error' });
      const listed = await team.orgAdmin.get('/api/get-groups', { owner: 'grouporg', p: 1, pageSize: 10 });
      expect(listed.data.length).toBeGreaterThan(0);
      expect((listed.data ?? []).every((g: { owner: string }) => g.owner === 'grouporg')).toBe(true);
    });

    it('renaming the organization carries its top groups’ parent and its users’ group ids along', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'renorg' });
      await admin.post('/api/add-group', { owner: 'renorg', name: 'team-r', type: 'Virtual' });
      await admin.post('/api/add-user', { owner: 'renorg', name: 'member-r', groups: ['renorg/team-r'] });
      const org = (await admin.get('/api/get-organization', { id: 'admin/renorg' })).data;
      expect(await admin.post('/api/update-organization', { ...org, name: 'renorg2' }, { id: 'admin/renorg' })).toMatchObject({
        status: 'ok',
      });
      expect(await getGroup('team-r', 'renorg2')).toMatchObject({ parentId: 'renorg2', isTopGroup: true });
      const user = (await admin.get('/api/get-user', { id: 'renorg2/member-r' })).data;
      expect(user.groups).toEqual(['renorg2/team-r']);
    });
  });
});
