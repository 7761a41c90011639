import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/instances.js';
import { privateRedis } from '../test-support/private-redis.js';
import { redisWatcher, type WatchedChannel, type Watcher } from './watcher.js';

const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = { warn: () => undefined, info: () => undefined };
/** A channel of this file's own: the other suites' instances publish on theirs meanwhile. */
const CHANNEL: WatchedChannel = { name: `gatehouse:watcher-test:${randomUUID()}`, subject: 'test', whileDeaf: 'nothing is kept' };

describe('redisWatcher', () => {
  const opened: Watcher[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((w) => w.close()));
  });

  it('tells the other instances, not the one that changed', async () => {
    let heardByA = 0;
    let heardByB = 0;
    const a = await redisWatcher(REDIS_URL, CHANNEL, () => heardByA++, log);
    const b = await redisWatcher(REDIS_URL, CHANNEL, () => heardByB++, log);
    opened.push(a, b);
    a.publish();
    await expect.poll(() => heardByB, { timeout: 5000 }).toBe(1);
    expect(heardByA).toBe(0);
  });
});

/** A Sentinel of this test's own that watches `redisPort` as master "gatehouse". */
async function privateSentinel(redisPort: number) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-sentinel-'));
  const file = path.join(dir, 'sentinel.conf');
  fs.writeFileSync(file, `port ${port}\nbind 127.0.0.1\nsentinel monitor gatehouse 127.0.0.1 ${redisPort} 1\n`);
  const child = spawn('redis-server', [file, '--sentinel'], { stdio: 'ignore' });
  return {
    url: `redis+sentinel://127.0.0.1:${port}/gatehouse`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('redisWatcher through Redis Sentinel', () => {
  it('finds the master through a sentinel (redis+sentinel://) and tells the other instances', async () => {
    const redis = await privateRedis();
    const sentinel = await privateSentinel(redis.port);
    const opened: Watcher[] = [];
    try {
      let heard = 0;
      opened.push(await redisWatcher(sentinel.url, CHANNEL, () => heard++, log));
      opened.push(await redisWatcher(redis.url, CHANNEL, () => undefined, log));
      opened[1]?.publish();
      await expect.poll(() => heard, { timeout: 5000 }).toBe(1);
    } finally {
      await Promise.all(opened.map((watcher) => watcher.close()));
      await sentinel.stop();
      await redis.stop();
    }
  });
});

describe('redisWatcher when Redis is lost', () => {
  it('says it is deaf while Redis is down, and drops the enforcers when it hears again', async () => {
    const redis = await privateRedis();
    let heard = 0;
    const watcher = await redisWatcher(redis.url, CHANNEL, () => heard++, log);
    try {
      expect(watcher.hearing()).toBe(true);
      await redis.stop();
      await expect.poll(() => watcher.hearing(), { timeout: 5000 }).toBe(false);
      await redis.start();
      await expect.poll(() => watcher.hearing(), { timeout: 10_000 }).toBe(true);
      expect(heard).toBe(1);
      // Subscribed again: another instance's change is heard.
      const other = await redisWatcher(redis.url, CHANNEL, () => undefined, log);
      other.publish();
      await expect.poll(() => heard, { timeout: 5000 }).toBe(2);
      await other.close();
    } finally {
      await watcher.close();
      await redis.stop();
    }
  });
});
