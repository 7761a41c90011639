import { describe, expect, it } from 'vitest';
import { RecordCache } from './record-cache.js';

describe('RecordCache', () => {
  it('loads a key once and answers it from memory until emptied', async () => {
    const cache = new RecordCache<{ name: string }>();
    let loads = 0;
    const load = async () => {
      loads++;
      return { name: `v${loads}` };
    };
    expect(await cache.get('a', load)).toEqual({ name: 'v1' });
    expect(await cache.get('a', load)).toEqual({ name: 'v1' });
    expect(loads).toBe(1);
    cache.clear();
    expect(await cache.get('a', load)).toEqual({ name: 'v2' });
    expect(loads).toBe(2);
  });

  it('keeps an unknown key as unknown, until emptied', async () => {
    const cache = new RecordCache<{ name: string }>();
    let loads = 0;
    const missing = async () => {
      loads++;
      return undefined;
    };
    expect(await cache.get('x', missing)).toBeUndefined();
    expect(await cache.get('x', missing)).toBeUndefined();
    expect(loads).toBe(1);
    cache.clear();
    expect(await cache.get('x', async () => ({ name: 'now here' }))).toEqual({ name: 'now here' });
  });

  it('does not keep what a lookup read before the cache was emptied (the row may be older than the write)', async () => {
    const cache = new RecordCache<{ name: string }>();
    let release: () => void = () => {};
    const slow = cache.get(
      'a',
      () =>
        new Promise<{ name: string }>((resolve) => {
          release = () => resolve({ name: 'before the write' });
        }),
    );
    cache.clear();
    release();
    expect(await slow).toEqual({ name: 'before the write' });
    expect(await cache.get('a', async () => ({ name: 'after the write' }))).toEqual({ name: 'after the write' });
  });

  it('freezes what it keeps, nested values too, so no caller changes what the next one reads', async () => {
    const cache = new RecordCache<{ name: string; tags: string[] }>();
    const kept = await cache.get('a', async () => ({ name: 'a', tags: ['x'] }));
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept?.tags)).toBe(true);
    expect(() => {
      kept?.tags.push('y');
    }).toThrow(TypeError);
  });
});
