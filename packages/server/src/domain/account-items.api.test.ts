import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('account items on user updates', (server) => {
  let team: Team;
  const id = { id: 'items/worker' };
  const workerRecord = async () => (await team.admin.get('/api/get-user', id)).data;
  const setItem = async (name: string, rules: Record<string, unknown>) => {
    const org = (await team.admin.get('/api/get-organization', { id: 'admin/items' })).data;
    const accountItems = org.accountItems.map((item: { name: string }) => (item.name === name ? { ...item, ...rules } : item));
    expect(await team.admin.post('/api/update-organization', { ...org, accountItems }, { id: 'admin/items' })).toMatchObject({
      status: 'ok',
    });
  };

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'items');
  });

  it('lets a user change their own Self items, and refuses Admin items with the item named', async () => {
    const own = (await team.member.get('/api/get-account')).data;
    expect(await team.member.post('/api/update-user', { ...own, title: 'Engineer' }, id)).toMatchObject({ status: 'ok' });
    expect((await workerRecord()).title).toBe('Engineer');

    await setItem('Title', { modifyRule: 'Admin' });
    const refused = await team.member.post('/api/update-user', { ...(await workerRecord()), title: 'Chief' }, id);
    expect(refused).toMatchObject({ status: 'error', msg: 'Only admin can modify the Title.' });
    expect((await workerRecord()).title).toBe('Engineer');
    // The organization's administrator may.
    expect(await team.orgAdmin.post('/api/update-user', { ...(await workerRecord()), title: 'Chief' }, id)).toMatchObject({
      status: 'ok',
    });
    expect((await workerRecord()).title).toBe('Chief');
  });

  it('refuses an Immutable item to everyone, administrators included, and changes nothing', async () => {
    await setItem('Location', { modifyRule: 'Immutable' });
    const before = await workerRecord();
    const refused = await team.admin.post('/api/update-user', { ...before, location: 'Mars', bio: 'hello' }, id);
    expect(refused).toMatchObject({ status: 'error', msg: 'The Location is immutable.' });
    const after = await workerRecord();
    expect(after.location).toBe(before.location);
    expect(after.bio).toBe(before.bio);
  });

  it('holds an item that only administrators see to administrators', async () => {
    await setItem('Education', { viewRule: 'Admin', modifyRule: 'Admin' });
    const refused = await team.member.post('/api/update-user', { ...(await workerRecord()), education: 'PhD' }, id);
    expect(refused).toMatchObject({ status: 'error', msg: 'Only admin can modify the Education.' });
  });

  it("checks a changed value against its item's regex, in the caller's language", async () => {
    await setItem('Homepage', { regex: '^https://example\\.com/' });
    const bad = await team.member.post('/api/update-user', { ...(await workerRecord()), homepage: 'https://other.org/me' }, id);
    expect(bad).toMatchObject({
      status: 'error',
      msg: 'The value "https://other.org/me" for account field "Homepage" doesn\'t match the account item regex',
    });
    const good = await team.member.post(
      '/api/update-user',
      { ...(await workerRecord()), homepage: 'https://example.com/me' },
      id,
    );
    expect(good).toMatchObject({ status: 'ok' });
    await setItem('Location', { modifyRule: 'Immutable' });
    const chinese = new ApiClient(server().url, 'zh');
    await chinese.login('admin', ADMIN_PASSWORD);
    const zh = await chinese.post('/api/update-user', { ...(await workerRecord()), location: 'Moon' }, id);
    expect(zh.msg).toBe('Location不可修改。');
  });

  it('leaves fields without an item to the definition: an unlisted item applies no rule', async () => {
    const org = (await team.admin.get('/api/get-organization', { id: 'admin/items' })).data;
    const accountItems = org.accountItems.filter((item: { name: string }) => item.name !== 'Gender');
    await team.admin.post('/api/update-organization', { ...org, accountItems }, { id: 'admin/items' });
    expect(await team.member.post('/api/update-user', { ...(await workerRecord()), gender: 'Female' }, id)).toMatchObject({
      status: 'ok',
    });
    expect((await workerRecord()).gender).toBe('Female');
  });

  it('masks managed-account passwords and MFA-account keys for everyone and keeps them on a masked save', async () => {
    const managedAccounts = [
      { application: 'wiki', username: 'w', password: 'wiki-secret', signinUrl: 'https://wiki.example.com' },
    ];
    const mfaAccounts = [{ accountName: 'w@example.com', issuer: 'Wiki', secretKey: 'JBSWY3DPEHPK3PXP', origin: 'wiki' }];
    expect(
      await team.member.post('/api/update-user', { ...(await workerRecord()), managedAccounts, mfaAccounts }, id),
    ).toMatchObject({ status: 'ok' });
    const seen = await workerRecord();
    expect(seen.managedAccounts).toEqual([{ ...managedAccounts[0], password: '***' }]);
    expect(seen.mfaAccounts).toEqual([{ ...mfaAccounts[0], secretKey: '***' }]);
    // Saving what was shown keeps the stored secrets; a second row is added with its own.
    const more = [...seen.managedAccounts, { application: 'mail', username: 'm', password: 'mail-secret', signinUrl: '' }];
    expect(await team.member.post('/api/update-user', { ...seen, managedAccounts: more }, id)).toMatchObject({ status: 'ok' });
    const raw = await server()
      .ctx.database.db.selectFrom('user')
      .select(['managedAccounts', 'mfaAccounts'])
      .where('name', '=', 'worker')
      .executeTakeFirstOrThrow();
    expect(raw.managedAccounts.map((row) => row.password)).toEqual(['wiki-secret', 'mail-secret']);
    expect(raw.mfaAccounts[0]?.secretKey).toBe('JBSWY3DPEHPK3PXP');
  });

  it('accepts at most five face IDs', async () => {
    const face = (n: number) => ({ name: `face${n}`, faceIdData: [0.1, 0.2], imageUrl: '' });
    const five = [1, 2, 3, 4, 5].map(face);
    expect(await team.member.post('/api/update-user', { ...(await workerRecord()), faceIds: five }, id)).toMatchObject({
      status: 'ok',
    });
    const six = await team.member.post('/api/update-user', { ...(await workerRecord()), faceIds: [...five, face(6)] }, id);
    expect(six).toMatchObject({ status: 'error' });
    expect(six.msg).toContain('at most 5 face IDs');
    expect((await workerRecord()).faceIds).toHaveLength(5);
  });

  it('locks the identity-card fields once the identity card is verified', async () => {
    const before = await workerRecord();
    expect(
      await team.member.post('/api/update-user', { ...before, idCard: '110101199001011234', realName: 'Wu' }, id),
    ).toMatchObject({
      status: 'ok',
    });
    const verified = { ...(await workerRecord()), properties: { isIdCardVerified: 'true' } };
    expect(await team.admin.post('/api/update-user', verified, id)).toMatchObject({ status: 'ok' });
    const refused = await team.admin.post('/api/update-user', { ...(await workerRecord()), idCard: '999' }, id);
    expect(refused).toMatchObject({ status: 'error', code: 'fieldLocked' });
    expect((await workerRecord()).idCard).toBe('110101199001011234');
  });
});
