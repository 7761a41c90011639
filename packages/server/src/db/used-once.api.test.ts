import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngines } from '../test-support/databases.js';
import { type Database, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { claimOnce, purgeExpiredClaims, usedOnceId } from './used-once.js';

/**
 * The store of values used once, on each engine: the first claim wins, later and concurrent ones
 * lose, expired claims are purged. A fresh migrated database per engine (no server needed).
 */

const NOW = new Date('2026-05-01T12:00:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('the id of a claim', () => {
  it('is SHA-256 of "namespace:key" in hex; namespaces are lower-case words, keys are not empty', () => {
    const id = usedOnceId('saml-assertion', 'https://idp.example\n_abc');
    expect(id).toBe(createHash('sha256').update('saml-assertion:https://idp.example\n_abc').digest('hex'));
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(usedOnceId('web3-nonce', 'x')).not.toBe(usedOnceId('saml-assertion', 'x'));
    for (const namespace of ['', 'Web3', 'web3:nonce', 'a--b', '-a', 'a b']) {
      expect(() => usedOnceId(namespace, 'x'), namespace).toThrow(/namespace/);
    }
    expect(() => usedOnceId('web3-nonce', '')).toThrow(/empty/);
  });
});

for (const engine of testEngines()) {
  describe(`values used once [${engine}]`, () => {
    let testDb: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      database = openDatabase(testDb.url);
      await migrateToLatest(database.db, database.dialect);
    });

    afterAll(async () => {
      await database?.close();
      await testDb?.drop();
    });

    const rowOf = (namespace: string, key: string) =>
      database.db
        .selectFrom('usedOnce')
        .select(['id', 'createdTime', 'expiresTime'])
        .where('id', '=', usedOnceId(namespace, key))
        .executeTakeFirst();

    it('accepts the first claim of a key and refuses every later one, per namespace; only a hash is kept', async () => {
      expect(await claimOnce(database, 'test-first', 'key-1', later(60), NOW)).toBe(true);
      expect(await claimOnce(database, 'test-first', 'key-1', later(60), NOW)).toBe(false);
      expect(await claimOnce(database, 'test-first', 'key-1', later(3600), later(10))).toBe(false);
      // The same key in another namespace, and another key, are other values.
      expect(await claimOnce(database, 'test-second', 'key-1', later(60), NOW)).toBe(true);
      expect(await claimOnce(database, 'test-first', 'key-2', later(60), NOW)).toBe(true);
      expect(await rowOf('test-first', 'key-1')).toEqual({
        id: usedOnceId('test-first', 'key-1'),
        createdTime: '2026-05-01T12:00:00Z',
        expiresTime: '2026-05-01T12:01:00Z',
      });
      const ids = (await database.db.selectFrom('usedOnce').select('id').execute()).map((row) => String(row.id));
      expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
    });

    it('of concurrent claims of one key, accepts exactly one', async () => {
      for (const round of [1, 2, 3]) {
        const results = await Promise.all(
          Array.from({ length: 8 }, () => claimOnce(database, 'test-race', `key-${round}`, later(60), NOW)),
        );
        expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
      }
    });

    it('keeps a claim until its expiry, rounded up to the second, then purges it', async () => {
      expect(await claimOnce(database, 'test-expiry', 'short', new Date(NOW.getTime() + 30_500), NOW)).toBe(true);
      expect(await claimOnce(database, 'test-expiry', 'long', later(3600), NOW)).toBe(true);
      expect((await rowOf('test-expiry', 'short'))?.expiresTime).toBe('2026-05-01T12:00:31Z');
      // Not yet expired: kept, and still refused.
      await purgeExpiredClaims(database, later(30));
      expect(await rowOf('test-expiry', 'short')).toBeDefined();
      expect(await claimOnce(database, 'test-expiry', 'short', later(60), later(30))).toBe(false);
      // Expired (an expired claim refuses until it is purged: the value is no longer accepted anyway).
      await purgeExpiredClaims(database, later(31));
      expect(await rowOf('test-expiry', 'short')).toBeUndefined();
      expect(await rowOf('test-expiry', 'long')).toBeDefined();
      expect(await claimOnce(database, 'test-expiry', 'long', later(7200), later(31))).toBe(false);
    });

    it('throws, rather than answering false, when a claim fails for another reason than a first claim', async () => {
      // An expiry that is not a time: nothing is recorded, and the failure is not taken for a replay.
      await expect(claimOnce(database, 'test-error', 'key', new Date(Number.NaN), NOW)).rejects.toThrow();
      expect(await rowOf('test-error', 'key')).toBeUndefined();
    });
  });
}
