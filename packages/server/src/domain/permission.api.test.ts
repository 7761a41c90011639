import { DEFAULT_MODEL_TEXT, nowRfc3339, permission as permissionDef, randomId, type Viewer } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '../integrations/sheets/xlsx.js';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { sheetForm as form } from '../test-support/files.js';
import { describeEachDatabase } from '../test-support/suite.js';

const base = { owner: 'permorg', resources: ['app-built-in'], actions: ['Read'], users: ['permorg/worker'] };

describeEachDatabase('permission rules', (server) => {
  let team: Team;
  let admin: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'permorg');
    admin = team.admin;
    await admin.post('/api/add-user', { owner: 'permorg', name: 'other', password: 'other-pass' });
    other = new ApiClient(server().url);
    await other.login('other', 'other-pass', 'permorg');
  });

  const get = async (name: string) => (await admin.get('/api/get-permission', { id: `permorg/${name}` })).data;
  const update = (client: ApiClient, name: string, body: Record<string, unknown>) =>
    client.post('/api/update-permission', body, { id: `permorg/${name}` });

  it('seeds the built-in permission in Casdoor’s shape', async () => {
    const seeded = (await admin.get('/api/get-permission', { id: 'built-in/permission-built-in' })).data;
    expect(seeded).toMatchObject({
      users: ['built-in/*'],
      model: 'built-in/user-model-built-in',
      adapter: '',
      resourceType: 'Application',
      resources: ['app-built-in'],
      actions: ['Read', 'Write', 'Admin'],
      effect: 'Allow',
      isEnabled: true,
      submitter: 'admin',
      approver: 'admin',
      state: 'Approved',
    });
    expect(seeded.approveTime).not.toBe('');
  });

  describe('save rules', () => {
    it('refuses empty users and roles, resources and actions with the product’s messages', async () => {
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-empty', users: [], roles: [] })).toMatchObject({
        status: 'error',
        msg: 'The users and roles cannot be empty at the same time',
      });
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-empty', resources: [] })).toMatchObject({
        status: 'error',
        msg: 'The resources cannot be empty',
      });
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-empty', actions: [] })).toMatchObject({
        status: 'error',
        msg: 'The actions cannot be empty',
      });
      expect(await get('p-empty')).toBeNull();
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-roles-only', users: [], roles: ['*'] })).toMatchObject({
        status: 'ok',
      });
      const stored = await get('p-roles-only');
      expect(await update(admin, 'p-roles-only', { ...stored, roles: [] })).toMatchObject({
        status: 'error',
        msg: 'The users and roles cannot be empty at the same time',
      });
    });

    it('takes Allow or Deny, the resource type’s actions, any action for Custom', async () => {
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-effect', effect: 'Maybe' })).toMatchObject({
        status: 'error',
        code: 'invalidField',
      });
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-act', actions: ['Read', 'Fly'] })).toMatchObject({
        status: 'error',
        msg: 'The action "Fly" is not an action of the resource type Application (Read, Write, Admin)',
      });
      expect(
        await admin.post('/api/add-permission', {
          ...base,
          name: 'p-custom',
          resourceType: 'Custom',
          resources: ['/reports'],
          actions: ['Fly'],
          effect: 'Deny',
        }),
      ).toMatchObject({ status: 'ok' });
      expect(await get('p-custom')).toMatchObject({ resourceType: 'Custom', actions: ['Fly'], effect: 'Deny' });
    });

    it('accepts the wildcard All for users, groups, roles, domains and resources', async () => {
      const all = { users: ['*', 'permorg/*'], groups: ['*'], roles: ['*'], domains: ['*'], resources: ['*'] };
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-all', ...all })).toMatchObject({ status: 'ok' });
      // Without a model, Casdoor's built-in role-based one applies: it has no domain field, so the
      // permission keeps no domains (as Casdoor saves it).
      expect(await get('p-all')).toMatchObject({ ...all, domains: [] });
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-bad-user', users: ['worker'] })).toMatchObject({
        status: 'error',
        msg: '"worker" in users is neither All (*) nor an id owner/name',
      });
    });
  });

  describe('members of another organization (one rule, every save)', () => {
    const otherMember = (field: string, value: string, organization = 'permorg') => ({
      status: 'error',
      code: 'permissionMemberOtherOrganization',
      msg: `"${value}" in ${field} belongs to another organization: a permission of "${organization}" names only users, groups and roles of "${organization}" (or All)`,
    });

    it('refuses a new permission naming a user, group or role of another organization; All and the organization’s stay', async () => {
      for (const [field, value] of [
        ['users', 'built-in/admin'],
        ['groups', 'built-in/staff'],
        ['roles', 'built-in/*'],
      ] as const) {
        expect(await admin.post('/api/add-permission', { ...base, name: 'p-foreign', [field]: [value] })).toMatchObject(
          otherMember(field, value),
        );
      }
      expect(await get('p-foreign')).toBeNull();
      expect(
        await admin.post('/api/add-permission', { ...base, name: 'p-own', users: ['*', 'permorg/*', 'permorg/worker'] }),
      ).toMatchObject({ status: 'ok' });
    });

    it('takes the console’s Add: a member names themself; a global administrator of built-in all of the organization, disabled', async () => {
      const added = (viewer: Viewer) => {
        const record = permissionDef.newRecord({ organization: 'permorg', viewer, random: randomId, now: nowRfc3339 });
        return { record, answer: admin.post('/api/add-permission', record) };
      };
      const outsider = added({ owner: 'built-in', name: 'admin', level: 'globalAdmin' });
      expect(await outsider.answer).toMatchObject({ status: 'ok' });
      expect(await get(String(outsider.record.name))).toMatchObject({ users: ['permorg/*'], isEnabled: false });
      const member = added({ owner: 'permorg', name: 'worker', level: 'user' });
      expect(await member.answer).toMatchObject({ status: 'ok' });
      expect(await get(String(member.record.name))).toMatchObject({ users: ['permorg/worker'], isEnabled: true });
    });

    it('refuses to save a stored permission naming another organization’s members, though it does not move', async () => {
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-stored' })).toMatchObject({ status: 'ok' });
      // As written before the rule (or by hand in the database).
      await server()
        .ctx.database.db.updateTable('permission')
        .set({ users: ['permorg/worker', 'built-in/admin'] })
        .where('owner', '=', 'permorg')
        .where('name', '=', 'p-stored')
        .execute();
      const stored = await get('p-stored');
      expect(stored.users).toEqual(['permorg/worker', 'built-in/admin']);
      expect(await update(admin, 'p-stored', { ...stored, displayName: 'Renamed' })).toMatchObject(
        otherMember('users', 'built-in/admin'),
      );
      expect(await get('p-stored')).toMatchObject({ displayName: '' });
      expect(await update(admin, 'p-stored', { ...stored, users: ['permorg/worker'], displayName: 'Renamed' })).toMatchObject({
        status: 'ok',
      });
      // update-permissions takes the same rule, all or none.
      const saved = await get('p-stored');
      expect(await admin.post('/api/update-permissions', [{ ...saved, groups: ['built-in/staff'] }])).toMatchObject(
        otherMember('groups', 'built-in/staff'),
      );
    });

    it('refuses a permission moved with the members of the organization it leaves', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'permorg2' });
      await admin.post('/api/add-user', { owner: 'permorg2', name: 'newcomer', password: 'newcomer-pass' });
      const moved = { ...base, name: 'p-moved', users: ['permorg/worker', '*'], roles: ['permorg/*'] };
      expect(await admin.post('/api/add-permission', moved)).toMatchObject({ status: 'ok' });
      for (const [field, members, value] of [
        ['users', ['permorg/worker', '*'], 'permorg/worker'],
        ['roles', ['permorg/*'], 'permorg/*'],
        ['groups', ['built-in/staff'], 'built-in/staff'],
      ] as const) {
        const body = { owner: 'permorg2', users: ['permorg2/newcomer'], roles: [], groups: [], [field]: members };
        expect(await update(admin, 'p-moved', body)).toMatchObject(otherMember(field, value, 'permorg2'));
      }
      expect(await get('p-moved')).toMatchObject({ owner: 'permorg', users: ['permorg/worker', '*'] });
      const kept = { owner: 'permorg2', users: ['permorg2/newcomer', '*'], roles: ['permorg2/*'], groups: [] };
      expect(await update(admin, 'p-moved', kept)).toMatchObject({ status: 'ok' });
      expect((await admin.get('/api/get-permission', { id: 'permorg2/p-moved' })).data).toMatchObject(kept);
    });
  });

  describe('the model and adapter of a moved permission', () => {
    it('refuses a move keeping the model or adapter of the organization it leaves; those of the new one, or none, stay', async () => {
      await admin.post('/api/add-organization', { owner: 'admin', name: 'permorg3' });
      for (const owner of ['permorg', 'permorg3']) {
        expect(await admin.post('/api/add-model', { owner, name: 'rbac', modelText: DEFAULT_MODEL_TEXT })).toMatchObject({
          status: 'ok',
        });
        const adapter = { owner, name: 'rules', table: `${owner}_rules`, useSameDb: true };
        expect(await admin.post('/api/add-adapter', adapter)).toMatchObject({
          status: 'ok',
        });
      }
      const moving = { ...base, name: 'p-modeled', model: 'permorg/rbac', adapter: 'rules' };
      expect(await admin.post('/api/add-permission', moving)).toMatchObject({ status: 'ok' });
      const otherModel = (field: string, value: string) => ({
        status: 'error',
        code: 'permissionModelOtherOrganization',
        msg: `The ${field} "${value}" belongs to another organization: a permission moved to "permorg3" keeps only a model and an adapter of "permorg3" (or none)`,
      });
      const move = { owner: 'permorg3', users: ['*'] };
      expect(await update(admin, 'p-modeled', { ...move, adapter: '' })).toMatchObject(otherModel('model', 'permorg/rbac'));
      // Kept unchanged, a bare model name and the adapter's name were the organization left's.
      expect(await update(admin, 'p-modeled', { model: 'rbac' })).toMatchObject({ status: 'ok' });
      expect(await get('p-modeled')).toMatchObject({ model: 'rbac', adapter: 'rules' });
      expect(await update(admin, 'p-modeled', { ...move, adapter: '' })).toMatchObject(otherModel('model', 'rbac'));
      expect(await update(admin, 'p-modeled', { ...move, model: '' })).toMatchObject(otherModel('adapter', 'rules'));
      expect(await get('p-modeled')).toMatchObject({ owner: 'permorg', model: 'rbac', adapter: 'rules' });

      expect(await update(admin, 'p-modeled', { ...move, model: 'permorg3/rbac', adapter: '' })).toMatchObject({ status: 'ok' });
      expect((await admin.get('/api/get-permission', { id: 'permorg3/p-modeled' })).data).toMatchObject({
        owner: 'permorg3',
        model: 'permorg3/rbac',
        adapter: '',
      });
      // Back again with no model, then the bare names chosen for the new organization.
      expect(
        await admin.post('/api/update-permission', { owner: 'permorg', model: '', users: ['*'] }, { id: 'permorg3/p-modeled' }),
      ).toMatchObject({ status: 'ok' });
      expect(
        await admin.post(
          '/api/update-permission',
          { owner: 'permorg3', model: 'rbac', adapter: 'rules' },
          { id: 'permorg/p-modeled' },
        ),
      ).toMatchObject({ status: 'ok' });
      expect((await admin.get('/api/get-permission', { id: 'permorg3/p-modeled' })).data).toMatchObject({
        model: 'rbac',
        adapter: 'rules',
      });
    });
  });

  describe('approval', () => {
    it('starts a global administrator’s permission Approved, with approver and approve time', async () => {
      expect(await admin.post('/api/add-permission', { ...base, name: 'p-global' })).toMatchObject({ status: 'ok' });
      const stored = await get('p-global');
      expect(stored).toMatchObject({ submitter: 'admin', approver: 'admin', state: 'Approved' });
      expect(stored.approveTime).not.toBe('');
    });

    it('starts others’ Pending, whatever they send, and lets only global administrators change the state', async () => {
      expect(await team.orgAdmin.post('/api/add-permission', { ...base, name: 'p-boss', approver: 'boss' })).toMatchObject({
        status: 'ok',
      });
      expect(await get('p-boss')).toMatchObject({ submitter: 'boss', approver: '', approveTime: '', state: 'Pending' });
      expect(await team.member.post('/api/add-permission', { ...base, name: 'p-approved', state: 'Approved' })).toMatchObject({
        status: 'error',
        msg: 'You are not allowed to change state',
      });

      const stored = await get('p-boss');
      expect(await update(team.orgAdmin, 'p-boss', { ...stored, state: 'Approved' })).toMatchObject({
        status: 'error',
        msg: 'You are not allowed to change state',
      });
      expect(await update(admin, 'p-boss', { ...stored, state: 'Approved', approver: 'someone' })).toMatchObject({
        status: 'ok',
      });
      const approved = await get('p-boss');
      expect(approved).toMatchObject({ state: 'Approved', approver: 'admin', submitter: 'boss' });
      expect(approved.approveTime).not.toBe('');

      expect(await update(admin, 'p-boss', { ...approved, state: 'Pending' })).toMatchObject({ status: 'ok' });
      expect(await get('p-boss')).toMatchObject({ state: 'Pending', approver: '', approveTime: '' });
    });
  });

  describe('members and their own permissions', () => {
    beforeAll(async () => {
      await team.member.post('/api/add-permission', { ...base, name: 'p-worker-1' });
      await team.member.post('/api/add-permission', { ...base, name: 'p-worker-2' });
      await other.post('/api/add-permission', { ...base, name: 'p-other' });
    });

    it('lists a member’s own permissions, through get-permissions and get-permissions-by-submitter', async () => {
      const listed = await team.member.get('/api/get-permissions', { owner: 'permorg', p: 1, pageSize: 10 });
      expect(listed).toMatchObject({ status: 'ok', data2: 2 });
      expect(listed.data.map((p: { name: string }) => p.name).sort()).toEqual(['p-worker-1', 'p-worker-2']);
      const bySubmitter = await team.member.get('/api/get-permissions-by-submitter');
      expect(bySubmitter).toMatchObject({ status: 'ok', data2: 2 });
      expect(bySubmitter.data.map((p: { submitter: string }) => p.submitter)).toEqual(['worker', 'worker']);
      // Administrators list the organization's; by-submitter stays one's own.
      const all = await team.orgAdmin.get('/api/get-permissions', { owner: 'permorg', p: 1, pageSize: 50 });
      expect(all.data2).toBeGreaterThanOrEqual(5);
      const boss = await team.orgAdmin.get('/api/get-permissions-by-submitter');
      expect(boss.data.every((p: { submitter: string }) => p.submitter === 'boss')).toBe(true);
      expect(await new ApiClient(server().url).get('/api/get-permissions-by-submitter')).toMatchObject({ status: 'error' });
    });

    it('lets a member open, change and delete only what they submitted', async () => {
      const mine = (await team.member.get('/api/get-permission', { id: 'permorg/p-worker-1' })).data;
      expect(mine).toMatchObject({ submitter: 'worker', state: 'Pending' });
      expect(await update(team.member, 'p-worker-1', { ...mine, displayName: 'Mine' })).toMatchObject({ status: 'ok' });
      expect(await get('p-worker-1')).toMatchObject({ displayName: 'Mine', submitter: 'worker' });

      expect(await team.member.get('/api/get-permission', { id: 'permorg/p-other' })).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      const theirs = await get('p-other');
      expect(await update(team.member, 'p-other', { ...theirs, displayName: 'Taken' })).toMatchObject({
        status: 'error',
        msg: 'A normal user can only modify the permission submitted by itself',
      });
      expect(await team.member.post('/api/delete-permission', { owner: 'permorg', name: 'p-other' })).toMatchObject({
        status: 'error',
        msg: 'A normal user can only modify the permission submitted by itself',
      });
      expect(await get('p-other')).toMatchObject({ displayName: '' });
      // Administrators of the organization manage every permission of it.
      expect(await update(team.orgAdmin, 'p-other', { ...theirs, displayName: 'Checked' })).toMatchObject({ status: 'ok' });
      expect(await team.member.post('/api/delete-permission', { owner: 'permorg', name: 'p-worker-2' })).toMatchObject({
        data: 'Affected',
      });
    });

    it('updates several permissions at once, all or none (update-permissions)', async () => {
      const one = await get('p-worker-1');
      const two = await get('p-other');
      expect(
        await admin.post('/api/update-permissions', [
          { ...one, description: 'batch' },
          { ...two, description: 'batch' },
        ]),
      ).toMatchObject({ data: 'Affected' });
      expect(await get('p-other')).toMatchObject({ description: 'batch' });
      expect(
        await admin.post('/api/update-permissions', [
          { ...one, description: 'again' },
          { ...two, actions: [] },
        ]),
      ).toMatchObject({ status: 'error', msg: 'The actions cannot be empty' });
      expect(await get('p-worker-1')).toMatchObject({ description: 'batch' });
    });
  });

  describe('upload-permissions', () => {
    it('creates the permissions of an .xlsx workbook, all or none, naming the failing row', async () => {
      const workbook = await writeSheet(
        'permissions',
        ['name', 'users', 'resourceType', 'resources', 'actions', 'effect'],
        [
          ['up-1', 'permorg/worker', 'Application', 'app-built-in', 'Read,Write', 'Allow'],
          ['up-2', '["*"]', 'Custom', 'files', 'Fly', 'Deny'],
        ],
      );
      expect(await team.orgAdmin.postForm('/api/upload-permissions', form(workbook, 'p.xlsx'))).toMatchObject({
        status: 'ok',
        data2: 2,
      });
      expect(await get('up-1')).toMatchObject({ actions: ['Read', 'Write'], submitter: 'boss', state: 'Pending' });
      const failing = await writeSheet(
        'permissions',
        ['name', 'users', 'resources', 'actions'],
        [
          ['up-3', 'permorg/worker', 'app-built-in', 'Read'],
          ['up-4', 'permorg/worker', '', 'Read'],
        ],
      );
      expect(await team.orgAdmin.postForm('/api/upload-permissions', form(failing, 'p.xlsx'))).toMatchObject({
        status: 'error',
        msg: 'Row 3: The resources cannot be empty',
      });
      expect(await get('up-3')).toBeNull();
    });

    it('refuses files that are not .xlsx', async () => {
      expect(await team.orgAdmin.postForm('/api/upload-permissions', form('a,b', 'p.csv'))).toMatchObject({
        status: 'error',
        msg: 'Only .xlsx files can be uploaded',
      });
    });
  });
});
