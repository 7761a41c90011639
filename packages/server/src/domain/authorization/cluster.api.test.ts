import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { type SecondInstance, startSecondInstance } from '../../test-support/instances.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two instances over one database and one Redis, the second in a process of its own (as in a
 * cluster): an enforcer built and kept by the second instance answers the first instance's change
 * at once (the authorization watcher), not the rows it was built from; one message drops both the
 * compiled enforcers and the casbin engines they may be built from.
 */
describeEachDatabase(
  'enforcement across instances (REDIS_URL)',
  (server) => {
    let second: SecondInstance;
    let secondUrl: string;

    beforeAll(async () => {
      const config = server().ctx.config;
      second = await startSecondInstance(config.databaseUrl, config.dataDir, { REDIS_URL });
      secondUrl = second.url;
    }, 90_000);
    afterAll(() => {
      second?.stop();
    });

    it('drops the compiled enforcers of the other instance when one changes a permission', async () => {
      const first = new ApiClient(server().url);
      await first.login('admin', ADMIN_PASSWORD);
      const other = new ApiClient(secondUrl);
      await other.login('admin', ADMIN_PASSWORD);
      expect(await first.post('/api/add-organization', { owner: 'admin', name: 'clusterorg' })).toMatchObject({ status: 'ok' });
      expect(await first.post('/api/add-user', { owner: 'clusterorg', name: 'ann', password: 'ann-pass-1' })).toMatchObject({
        status: 'ok',
      });
      const permission = {
        owner: 'clusterorg',
        name: 'reports',
        users: ['clusterorg/ann'],
        resourceType: 'Custom',
        resources: ['reports'],
        actions: ['Read'],
        effect: 'Allow',
        isEnabled: true,
      };
      expect(await first.post('/api/add-permission', permission)).toMatchObject({ status: 'ok' });
      const ask = () => other.post('/api/enforce', ['clusterorg/ann', 'reports', 'Read'], { permissionId: 'clusterorg/reports' });
      // The second instance builds its enforcer and keeps it.
      expect((await ask()).data).toEqual([true]);
      expect(await first.post('/api/update-permission', { isEnabled: false }, { id: 'clusterorg/reports' })).toMatchObject({
        status: 'ok',
      });
      await expect.poll(async () => (await ask()).data, { timeout: 5000 }).toEqual([false]);
    });

    it('drops the casbin engine of the other instance when one adds a policy to an enforcer record', async () => {
      const first = new ApiClient(server().url);
      await first.login('admin', ADMIN_PASSWORD);
      const other = new ApiClient(secondUrl);
      await other.login('admin', ADMIN_PASSWORD);
      const enforcerId = 'built-in/user-enforcer-built-in';
      const ask = () => other.post('/api/enforce', ['cluster-ann', 'cluster-data', 'read'], { enforcerId });
      // The second instance builds the enforcer record's engine and the enforcer compiled from it, and keeps both.
      expect((await ask()).data).toEqual([false]);
      const rule = { Ptype: 'p', V0: 'cluster-ann', V1: 'cluster-data', V2: 'read' };
      expect(await first.post('/api/add-policy', rule, { id: enforcerId })).toMatchObject({ status: 'ok', data: 'Affected' });
      await expect.poll(async () => (await ask()).data, { timeout: 5000 }).toEqual([true]);
    });
  },
  { redisUrl: REDIS_URL },
);
