import { defaultSignupItems } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

const ORG = 'people-org';

/** What the organization's settings do to its users: soft deletion, public profiles, initial score. */
describeEachDatabase("the organization's user settings", (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
  });

  const configure = async (changes: Record<string, unknown>) => {
    const org = (await team.admin.get('/api/get-organization', { id: `admin/${ORG}` })).data;
    expect((await team.admin.post('/api/update-organization', { ...org, ...changes }, { id: `admin/${ORG}` })).status).toBe('ok');
  };
  const addUser = async (name: string, fields: Record<string, unknown> = {}) => {
    const answer = await team.admin.post('/api/add-user', { owner: ORG, name, password: `${name}-pass`, ...fields });
    expect(answer.status).toBe('ok');
  };
  const getUser = (name: string, client = team.admin) => client.get('/api/get-user', { id: `${ORG}/${name}` });

  describe('soft deletion', () => {
    it('marks a deleted user as deleted, signed out and unable to sign in; a second delete removes it', async () => {
      await configure({ enableSoftDeletion: true });
      await addUser('leaver');
      const session = new ApiClient(server().url);
      expect((await session.login('leaver', 'leaver-pass', ORG)).status).toBe('ok');

      expect((await team.orgAdmin.post('/api/delete-user', { owner: ORG, name: 'leaver' })).status).toBe('ok');
      const kept = (await getUser('leaver')).data;
      expect(kept).toMatchObject({ name: 'leaver', isDeleted: true });
      expect(Date.now() - Date.parse(kept.deletedTime)).toBeLessThan(60_000);
      expect(await session.get('/api/get-account')).toMatchObject({ status: 'error' });
      expect((await new ApiClient(server().url).login('leaver', 'leaver-pass', ORG)).status).toBe('error');

      expect((await team.orgAdmin.post('/api/delete-user', { owner: ORG, name: 'leaver' })).status).toBe('ok');
      expect((await getUser('leaver')).data).toBeNull();
    });

    it('deletes for good when the organization does not keep deleted users', async () => {
      await configure({ enableSoftDeletion: false });
      await addUser('gone');
      expect((await team.orgAdmin.post('/api/delete-user', { owner: ORG, name: 'gone' })).status).toBe('ok');
      expect((await getUser('gone')).data).toBeNull();
    });
  });

  describe('public profiles', () => {
    it('shows other members the Public account items of a user when profiles are public, and refuses them otherwise', async () => {
      await addUser('neighbour', { displayName: 'Nell', email: 'nell@people.test', phone: '2025550100', bio: 'Hello' });
      const org = (await team.admin.get('/api/get-organization', { id: `admin/${ORG}` })).data;
      const items = org.accountItems.map((item: { name: string; viewRule: string }) =>
        item.name === 'Email' ? { ...item, viewRule: 'Self' } : item,
      );
      await configure({ isProfilePublic: true, accountItems: items });

      const seen = await getUser('neighbour', team.member);
      expect(seen).toMatchObject({ status: 'ok', data: { owner: ORG, name: 'neighbour', displayName: 'Nell', bio: 'Hello' } });
      // Not a Public item (Email here), or no item at all (the password), stays empty.
      expect(seen.data).toMatchObject({ email: '', password: '', ipWhitelist: '' });
      // Nobody outside the organization, and not signed in.
      const outsider = await organizationTeam(server().url, 'people-other');
      expect(await getUser('neighbour', outsider.member)).toMatchObject({ status: 'error' });
      expect(await getUser('neighbour', new ApiClient(server().url))).toMatchObject({ status: 'error' });
      // A user that does not exist is refused, not answered as missing (no list of names by probing).
      expect(await getUser('nobody-here', outsider.member)).toMatchObject({ status: 'error' });

      await configure({ isProfilePublic: false });
      expect(await getUser('neighbour', team.member)).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });
      // The user themself and administrators always see the whole record.
      expect((await getUser('neighbour', team.orgAdmin)).data).toMatchObject({ email: 'nell@people.test' });
      expect((await getUser('worker', team.member)).data).toMatchObject({ name: 'worker' });
    });
  });

  it('gives new users the initial score and the default password of the organization', async () => {
    await configure({ initScore: 777, defaultPassword: 'org-default-pass' });
    expect((await team.admin.post('/api/add-user', { owner: ORG, name: 'newcomer' })).status).toBe('ok');
    expect((await getUser('newcomer')).data.score).toBe(777);
    expect((await new ApiClient(server().url).login('newcomer', 'org-default-pass', ORG)).status).toBe('ok');
  });

  it('names a sign-up without a Username item by its e-mail address when the organization uses e-mail as username', async () => {
    const items = defaultSignupItems()
      .filter((item) => item.name !== 'Username')
      .map((item) => (item.name === 'Email' || item.name === 'Phone' ? { ...item, rule: 'No verification' } : item));
    const app = 'people-signup';
    const added = await team.admin.post('/api/add-application', {
      owner: 'admin',
      name: app,
      organization: ORG,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      signupItems: items,
    });
    expect(added.status, added.msg).toBe('ok');
    const signup = (email: string) =>
      new ApiClient(server().url).post('/api/signup', {
        application: app,
        organization: ORG,
        password: 'secret-pass',
        confirm: 'secret-pass',
        name: 'Mail Person',
        email,
      });
    await configure({ useEmailAsUsername: true });
    expect(await signup('mail.person@people.test')).toMatchObject({ status: 'ok', data: `${ORG}/mail.person@people.test` });
    // Off: the account is named by its id, as without the setting.
    await configure({ useEmailAsUsername: false });
    const byId = await signup('other.person@people.test');
    expect(byId.status).toBe('ok');
    expect(byId.data).not.toBe(`${ORG}/other.person@people.test`);
    expect((await getUser(String(byId.data).split('/')[1] ?? '')).data).toMatchObject({ email: 'other.person@people.test' });
  });
});
