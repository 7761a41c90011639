import { beforeAll, expect, it } from 'vitest';
import { organizationTeam } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/** Enforcers and permissions keep naming their model and adapter through renames. */
describeEachDatabase('renames of models, adapters and organizations', (server) => {
  let admin: ApiClient;
  const get = async (entity: string, id: string) =>
    (await admin.get(`/api/get-${entity}`, { id })).data as Record<string, unknown>;

  beforeAll(async () => {
    admin = (await organizationTeam(server().url, 'renameorg')).admin;
    const ok = { status: 'ok' };
    expect(await admin.post('/api/add-model', { owner: 'renameorg', name: 'm1' })).toMatchObject(ok);
    expect(
      await admin.post('/api/add-adapter', { owner: 'renameorg', name: 'a1', table: 'rename_rules', useSameDb: true }),
    ).toMatchObject(ok);
    expect(
      await admin.post('/api/add-enforcer', { owner: 'renameorg', name: 'e1', model: 'renameorg/m1', adapter: 'renameorg/a1' }),
    ).toMatchObject(ok);
    expect(
      await admin.post('/api/add-permission', {
        owner: 'renameorg',
        name: 'p1',
        model: 'renameorg/m1',
        adapter: 'a1',
        users: ['renameorg/worker'],
        resourceType: 'Custom',
        resources: ['r'],
        actions: ['Read'],
        effect: 'Allow',
        isEnabled: true,
      }),
    ).toMatchObject(ok);
  });

  it('follows a model’s and an adapter’s rename into enforcers and permissions', async () => {
    expect(await admin.post('/api/update-model', { name: 'm2' }, { id: 'renameorg/m1' })).toMatchObject({ status: 'ok' });
    expect(await admin.post('/api/update-adapter', { name: 'a2' }, { id: 'renameorg/a1' })).toMatchObject({ status: 'ok' });
    expect(await get('enforcer', 'renameorg/e1')).toMatchObject({ model: 'renameorg/m2', adapter: 'renameorg/a2' });
    expect(await get('permission', 'renameorg/p1')).toMatchObject({ model: 'renameorg/m2', adapter: 'a2' });
  });

  it('follows the organization’s rename into the ids they hold', async () => {
    expect(await admin.post('/api/update-organization', { name: 'renamed' }, { id: 'admin/renameorg' })).toMatchObject({
      status: 'ok',
    });
    expect(await get('enforcer', 'renamed/e1')).toMatchObject({ model: 'renamed/m2', adapter: 'renamed/a2' });
    expect(await get('permission', 'renamed/p1')).toMatchObject({ model: 'renamed/m2', users: ['renamed/worker'] });
    // The permission still saves: its model is found under the new id.
    expect(await admin.post('/api/update-permission', { description: 'after the rename' }, { id: 'renamed/p1' })).toMatchObject({
      status: 'ok',
    });
  });
});
