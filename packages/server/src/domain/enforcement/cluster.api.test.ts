import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Two instances over one database and one Redis, the second in a process of its own (as in a
 * cluster): an enforcer built and kept by the second instance answers the first instance's change
 * at once (the watcher), not the rows it was built from.
 */
describeEachDatabase(
  'enforcement across instances (REDIS_URL)',
  (server) => {
    let second: ChildProcess;
    let secondUrl: string;

    beforeAll(async () => {
      const config = server().ctx.config;
      const port = await freePort();
      second = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../main.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: config.databaseUrl,
          REDIS_URL,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: config.dataDir,
          WEB_ROOT: '/nonexistent',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      secondUrl = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 240; i++) {
        const answer = await fetch(`${secondUrl}/api/health`).catch(() => null);
        if (answer?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('the second instance did not start');
    }, 90_000);
    afterAll(() => {
      second?.kill('SIGTERM');
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
  },
  { redisUrl: REDIS_URL },
);
