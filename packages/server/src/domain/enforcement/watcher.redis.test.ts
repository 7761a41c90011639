import { afterEach, describe, expect, it } from 'vitest';
import { type AuthzWatcher, redisWatcher } from './watcher.js';

const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = { warn: () => undefined };

describe('redisWatcher', () => {
  const opened: AuthzWatcher[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((w) => w.close()));
  });

  it('tells the other instances, not the one that changed', async () => {
    let heardByA = 0;
    let heardByB = 0;
    const a = await redisWatcher(REDIS_URL, () => heardByA++, log);
    const b = await redisWatcher(REDIS_URL, () => heardByB++, log);
    opened.push(a, b);
    a.publish();
    await expect.poll(() => heardByB, { timeout: 5000 }).toBe(1);
    expect(heardByA).toBe(0);
  });
});
