import { signupItem } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('invitations', (server) => {
  let team: Team;
  let admin: ApiClient;
  let invitedApp: string;
  let counter = 0;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'invorg');
    admin = team.admin;
    await admin.post('/api/add-organization', { owner: 'admin', name: 'elseorg' });
    await admin.post('/api/add-group', { owner: 'invorg', name: 'newcomers', type: 'Virtual' });
    invitedApp = 'invited-app';
    const added = await admin.post('/api/add-application', {
      owner: 'admin',
      name: invitedApp,
      organization: 'invorg',
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      signupItems: [
        signupItem('Username'),
        signupItem('Password'),
        signupItem('Email', { rule: 'No verification' }),
        signupItem('Invitation code'),
        signupItem('Signup button'),
      ],
    });
    expect(added.status, added.msg).toBe('ok');
  });

  /** Adds an invitation of invorg; answers its name. */
  async function addInvitation(fields: Record<string, unknown> = {}, client = admin) {
    counter += 1;
    const name = `inv-${counter}`;
    const added = await client.post('/api/add-invitation', {
      owner: 'invorg',
      name,
      code: `code${counter}x`,
      quota: 1,
      usedCount: 0,
      application: 'All',
      state: 'Active',
      ...fields,
    });
    return { name, added };
  }
  const getInvitation = async (name: string) => (await admin.get('/api/get-invitation', { id: `invorg/${name}` })).data;

  function signup(username: string, invitationCode: string, fields: Record<string, unknown> = {}) {
    return new ApiClient(server().url).post('/api/signup', {
      application: invitedApp,
      organization: 'invorg',
      username,
      password: 'secret-pass',
      email: `${username}@invorg.test`,
      invitationCode,
      ...fields,
    });
  }

  describe('rules on save', () => {
    it('lets the default code follow a code of letters and digits, and keeps it for other codes', async () => {
      const plain = await addInvitation({ code: 'Welcome2026', defaultCode: 'other' });
      expect(plain.added).toMatchObject({ status: 'ok' });
      expect(await getInvitation(plain.name)).toMatchObject({ code: 'Welcome2026', defaultCode: 'Welcome2026' });
      const free = await addInvitation({ code: 'team-2026!', defaultCode: 'team2026' });
      expect(free.added).toMatchObject({ status: 'ok' });
      expect(await getInvitation(free.name)).toMatchObject({ code: 'team-2026!', defaultCode: 'team2026' });
    });

    it('keeps the used count within the quota, and the quota at 0 or more', async () => {
      const over = await addInvitation({ quota: 2, usedCount: 3 });
      expect(over.added).toMatchObject({ status: 'error', msg: 'The used count (3) cannot exceed the quota (2)' });
      expect(await getInvitation(over.name)).toBeNull();
      const negative = await addInvitation({ quota: -1 });
      expect(negative.added).toMatchObject({ status: 'error' });
    });

    it('refuses a code another invitation of the organization has', async () => {
      await addInvitation({ code: 'SharedCode1' });
      const again = await addInvitation({ code: 'SharedCode1' });
      expect(again.added).toMatchObject({ status: 'error', code: 'invitationCodeTaken' });
    });

    it('takes only All, an application of the organization, and a group of it', async () => {
      const foreign = await addInvitation({ application: 'app-built-in' });
      expect(foreign.added).toMatchObject({
        status: 'error',
        msg: 'The application "app-built-in" is not an application of the organization "invorg"',
      });
      const noGroup = await addInvitation({ signupGroup: 'nowhere' });
      expect(noGroup.added).toMatchObject({
        status: 'error',
        msg: 'The sign-up group "nowhere" is not a group of the organization "invorg"',
      });
      expect((await addInvitation({ application: invitedApp, signupGroup: 'newcomers' })).added).toMatchObject({ status: 'ok' });
    });

    it('keeps the owner and name of an invitation made for a plan', async () => {
      const plan = await addInvitation({ tag: 'auto_created_invitation_for_plan' });
      const stored = await getInvitation(plan.name);
      const renamed = await admin.post(
        '/api/update-invitation',
        { ...stored, name: 'renamed-plan' },
        { id: `invorg/${plan.name}` },
      );
      expect(renamed).toMatchObject({ status: 'error', code: 'fieldLocked' });
    });

    it('lets an organization admin manage their organization’s invitations only; only global admins move one', async () => {
      const own = await addInvitation({}, team.orgAdmin);
      expect(own.added).toMatchObject({ status: 'ok' });
      const stored = await getInvitation(own.name);
      expect(
        await team.orgAdmin.post('/api/update-invitation', { ...stored, owner: 'elseorg' }, { id: `invorg/${own.name}` }),
      ).toMatchObject({ status: 'error' });
      expect((await addInvitation({}, team.member)).added).toMatchObject({ status: 'error' });
    });
  });

  describe('signing up with a code', () => {
    it('refuses a missing, unknown, suspended or used-up code', async () => {
      expect(await signup('nocode', '')).toMatchObject({ status: 'error' });
      expect(await signup('unknown', 'no-such-code')).toMatchObject({ status: 'error', msg: 'Invitation code is invalid' });
      await addInvitation({ code: 'Paused1', state: 'Suspended' });
      expect(await signup('paused', 'Paused1')).toMatchObject({ status: 'error', msg: 'Invitation code suspended' });
      await addInvitation({ code: 'Spent1', quota: 1, usedCount: 1 });
      expect(await signup('spent', 'Spent1')).toMatchObject({ status: 'error', msg: 'Invitation code exhausted' });
      expect((await admin.get('/api/get-user', { id: 'invorg/spent' })).data).toBeNull();
    });

    it('holds the person an invitation names to it', async () => {
      await addInvitation({ code: 'ForAnn1', username: 'ann' });
      expect(await signup('bob', 'ForAnn1')).toMatchObject({
        status: 'error',
        msg: 'Please register using the username corresponding to the invitation code',
      });
      expect(await signup('ann', 'ForAnn1')).toMatchObject({ status: 'ok' });
    });

    it('counts the use and puts the new user in the sign-up group', async () => {
      const { name } = await addInvitation({ code: 'Join1', quota: 5, signupGroup: 'newcomers' });
      expect(await signup('joiner', 'Join1')).toMatchObject({ status: 'ok' });
      expect(await getInvitation(name)).toMatchObject({ usedCount: 1 });
      const user = (await admin.get('/api/get-user', { id: 'invorg/joiner' })).data;
      expect(user.groups).toEqual(['invorg/newcomers']);
      const members = await admin.get('/api/get-users', { owner: 'invorg', groupName: 'newcomers', p: 1, pageSize: 10 });
      expect(members.data.map((u: { name: string }) => u.name)).toContain('joiner');
    });

    it('accepts the default code of an invitation whose code is free text', async () => {
      const { name } = await addInvitation({ code: 'free text code', defaultCode: 'FreeText1', quota: 2 });
      expect(await signup('freetext', 'FreeText1')).toMatchObject({ status: 'ok' });
      expect(await getInvitation(name)).toMatchObject({ usedCount: 1 });
    });

    it('gives the last use to exactly one of two racing sign-ups', async () => {
      const { name } = await addInvitation({ code: 'LastOne1', quota: 1 });
      const results = await Promise.all([signup('racer-a', 'LastOne1'), signup('racer-b', 'LastOne1')]);
      const statuses = results.map((result) => result.status).sort();
      expect(statuses).toEqual(['error', 'ok']);
      expect(results.find((result) => result.status === 'error')).toMatchObject({ msg: 'Invitation code exhausted' });
      expect(await getInvitation(name)).toMatchObject({ usedCount: 1 });
      const created = await Promise.all(
        ['racer-a', 'racer-b'].map(async (racer) => (await admin.get('/api/get-user', { id: `invorg/${racer}` })).data),
      );
      expect(created.filter(Boolean)).toHaveLength(1);
    });
  });
});
