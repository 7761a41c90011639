import { beforeAll, expect, it } from 'vitest';
import { signedInAdmin, signedInUser } from '../test-support/accounts.js';
import type { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

/** GET /api/get-user-count as Casdoor's SDK calls it (getUserCount: isOnline true or false, or none). */
describeEachDatabase('get-user-count', (server) => {
  let admin: ApiClient;
  const ORG = 'count-org';

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    expect((await admin.post('/api/add-organization', { owner: 'admin', name: ORG, passwordOptions: ['AtLeast6'] })).status).toBe(
      'ok',
    );
    for (const name of ['boss', 'ann', 'ben']) {
      const added = await admin.post('/api/add-user', { owner: ORG, name, password: `${name}-pass`, isAdmin: name === 'boss' });
      expect(added.status, added.msg).toBe('ok');
    }
  });

  const signIn = (name: string) => signedInUser(server().url, ORG, name, `${name}-pass`);

  it('counts an organization’s users, those online (a live session) and the others', async () => {
    const boss = await signIn('boss');
    await signIn('ann');
    const count = async (isOnline?: string) =>
      (await boss.get('/api/get-user-count', { owner: ORG, ...(isOnline === undefined ? {} : { isOnline }) })).data;
    expect(await count()).toBe(3);
    expect(await count('')).toBe(3);
    expect(await count('true')).toBe(2);
    expect(await count('1')).toBe(2);
    expect(await count('false')).toBe(1);
    expect(await count('0')).toBe(1);
    expect(await boss.get('/api/get-user-count', { owner: ORG, isOnline: 'maybe' })).toMatchObject({
      status: 'error',
      code: 'invalidField',
    });
  });

  it('is an administrator’s question: members and other organizations are refused', async () => {
    const ann = await signIn('ann');
    expect(await ann.get('/api/get-user-count', { owner: ORG })).toMatchObject({ status: 'error', code: 'unauthorized' });
    const boss = await signIn('boss');
    expect(await boss.get('/api/get-user-count', { owner: 'built-in' })).toMatchObject({ status: 'error', code: 'unauthorized' });
    expect(await boss.get('/api/get-user-count')).toMatchObject({ status: 'error', code: 'unauthorized' });
    // The global administrator may count every organization's users at once.
    expect((await admin.get('/api/get-user-count')).data).toBeGreaterThanOrEqual(4);
  });
});
