import { beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('user API keys', (server) => {
  let team: Team;
  const worker = { owner: 'keys', name: 'worker' };

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'keys');
    await team.admin.post('/api/add-user', { owner: 'keys', name: 'other', password: 'other-pass' });
  });

  it('gives the user a key pair that signs calls in as the user; a new pair replaces the old', async () => {
    expect(await team.member.post('/api/add-user-keys', worker)).toMatchObject({ status: 'ok', data: 'Affected' });
    const { accessKey, accessSecret } = (await team.member.get('/api/get-user', { id: 'keys/worker' })).data;
    expect(accessKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(accessSecret).toMatch(/^[0-9a-f]{48}$/);
    const anonymous = new ApiClient(server().url);
    expect(await anonymous.get('/api/get-account', { accessKey, accessSecret })).toMatchObject({
      status: 'ok',
      data: { owner: 'keys', name: 'worker' },
    });
    expect(await anonymous.get('/api/get-account', { accessKey, accessSecret: 'wrong' })).toMatchObject({
      status: 'error',
      msg: 'Unauthorized operation',
    });
    // The organization's administrator may renew them; the old pair stops working.
    expect(await team.orgAdmin.post('/api/add-user-keys', worker)).toMatchObject({ status: 'ok' });
    expect(await anonymous.get('/api/get-account', { accessKey, accessSecret })).toMatchObject({ status: 'error' });
  });

  it('is refused for another ordinary user; administrators see the secret', async () => {
    const other = new ApiClient(server().url);
    await other.login('other', 'other-pass', 'keys');
    expect(await other.post('/api/add-user-keys', worker)).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });
    expect(await team.member.post('/api/add-user-keys', { owner: 'keys', name: 'nobody' })).toMatchObject({ status: 'error' });
    const seen = (await team.admin.get('/api/get-users', { owner: 'keys' })).data.find(
      (u: { name: string }) => u.name === 'worker',
    );
    expect(seen.accessSecret).toMatch(/^[0-9a-f]{48}$/);
  });

  it('stops working when the user is forbidden', async () => {
    await team.member.post('/api/add-user-keys', worker);
    const { accessKey, accessSecret } = (await team.member.get('/api/get-user', { id: 'keys/worker' })).data;
    const stored = (await team.admin.get('/api/get-user', { id: 'keys/worker' })).data;
    await team.admin.post('/api/update-user', { ...stored, isForbidden: true }, { id: 'keys/worker' });
    expect(await new ApiClient(server().url).get('/api/get-account', { accessKey, accessSecret })).toMatchObject({
      status: 'error',
    });
  });
});
