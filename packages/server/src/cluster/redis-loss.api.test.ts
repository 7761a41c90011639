import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../test-support/accounts.js';
import { createMigratedDatabase, type TestDatabase, testEngines } from '../test-support/databases.js';
import { type SecondInstance, startSecondInstance } from '../test-support/instances.js';
import { clientCredentialsGrant, createOAuthApplication } from '../test-support/oidc.js';
import { policyProbe } from '../test-support/policy-probe.js';
import { type PrivateRedis, privateRedis } from '../test-support/private-redis.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';

/**
 * Redis lost under a cluster (issue 15, point 6): two instances over one PostgreSQL database and a
 * Redis of this test's own, which it kills. Without Redis each instance is on its own: it logs a
 * warning, keeps serving, and trusts nothing it compiled or cached (an authorization or client
 * secret changed on the other instance is refused at once, never left open); when Redis is back
 * they hear each other again. An instance started while Redis is down starts, and says so.
 */
const engines = testEngines();
describe.runIf(engines.includes('postgres'))('Redis lost under two instances [postgres + a Redis of its own]', () => {
  let database: TestDatabase;
  let redis: PrivateRedis;
  let first: SecondInstance;
  let second: SecondInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-redis-loss-'));

  const start = () =>
    startSecondInstance(database.url, dataDir, {
      REDIS_URL: redis.url,
      INIT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'false',
    });
  const warned = (instance: SecondInstance, pattern: RegExp) => instance.output.some((line) => pattern.test(line));

  beforeAll(async () => {
    database = await createMigratedDatabase('postgres');
    redis = await privateRedis();
    // One after the other: the first seeds the database.
    first = await start();
    second = await start();
  }, 120_000);

  afterAll(async () => {
    await first?.kill();
    await second?.kill();
    await redis?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving with a warning, and never serves a revoked permission or a rotated secret', async () => {
    const admin = await signedInAdmin(first.url);
    const other = await signedInAdmin(second.url);
    const probe = await policyProbe(admin, 'lossorg');
    const ask = () => probe.ask(other);
    expect(await ask()).toEqual([true]);
    const app = await createOAuthApplication(admin, 'loss-client', { grantTypes: ['client_credentials'] });
    const grant = async (secret: string) => (await clientCredentialsGrant(second.url, app, secret)).status;
    // The second instance has compiled the enforcer and cached the application.
    expect(await grant(app.clientSecret)).toBe(200);

    await redis.stop();
    await expect.poll(() => warned(first, /Redis/) && warned(second, /Redis/), { timeout: 10_000 }).toBe(true);
    expect(warned(second, /enforcers are rebuilt on every request/)).toBe(true);

    // Each instance still signs people in and answers.
    for (const url of [first.url, second.url]) {
      const client = await signedInAdmin(url);
      expect((await client.get('/api/get-account')).data.name).toBe('admin');
    }
    // A permission disabled on the first instance is refused by the second at once: it cannot hear
    // the change, so it trusts nothing it compiled.
    await probe.setEnabled(false);
    expect(await ask()).toEqual([false]);
    // A client secret rotated on the first instance is refused by the second at once.
    const stored = (await admin.get('/api/get-application', { id: 'admin/loss-client' })).data;
    const rotated = `${app.clientSecret}-rotated`;
    expect(
      (await admin.post('/api/update-application', { ...stored, clientSecret: rotated }, { id: 'admin/loss-client' })).status,
    ).toBe('ok');
    expect(await grant(app.clientSecret)).toBe(401);
    expect(await grant(rotated)).toBe(200);

    // Redis back: each instance says it hears the others again, and a change on the first reaches
    // the second within a second while the second keeps what it compiles.
    await redis.start();
    await expect.poll(() => warned(second, /Redis is back/) && warned(first, /Redis is back/), { timeout: 15_000 }).toBe(true);
    await probe.setEnabled(true);
    await expect.poll(ask, { timeout: 1000, interval: 20 }).toEqual([true]);
    await probe.setEnabled(false);
    await expect.poll(ask, { timeout: 1000, interval: 20 }).toEqual([false]);
  }, 90_000);

  it('starts while Redis is down, with a warning, and serves', async () => {
    await redis.stop();
    const third = await start();
    try {
      expect(warned(third, /Redis cannot be reached/)).toBe(true);
      const client = await signedInAdmin(third.url);
      expect((await client.get('/api/get-account')).data.name).toBe('admin');
      expect(
        (await client.post('/api/enforce', ['lossorg/ann', 'reports', 'Read'], { permissionId: 'lossorg/reports' })).data,
      ).toEqual([false]);
    } finally {
      await third.kill();
      await redis.start();
    }
  }, 90_000);
});
