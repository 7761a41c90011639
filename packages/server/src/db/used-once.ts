import { createHash } from 'node:crypto';
import { nowRfc3339 } from '@gatehouse/entities';
import type { Database } from './database.js';

/**
 * Values that may be used once, whichever instance of a cluster sees them (table usedOnce,
 * migration 0013): a SAML assertion this server accepted (protocols/saml/sp-replay.ts), the nonce
 * of a Web3 sign-in spent (integrations/web3/nonces.ts). A claim is a row whose id is the SHA-256
 * (hex) of its namespace and key, so that only a hash is kept and the namespaces never meet. It
 * lives until the value could no longer be accepted anyway (its expiry, given by the caller);
 * expired rows are purged in the background (purgeExpiredClaims), never on a request.
 */

/** Namespaces are lower-case words joined by hyphens, so that "namespace:key" is unambiguous. */
const NAMESPACE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The row id of a claim: SHA-256 of "namespace:key", in hex (64 characters). */
export function usedOnceId(namespace: string, key: string): string {
  if (!NAMESPACE.test(namespace)) throw new Error(`used-once namespace "${namespace}" is not lower-case words`);
  if (!key) throw new Error(`used-once key of "${namespace}" is empty`);
  return createHash('sha256').update(`${namespace}:${key}`, 'utf8').digest('hex');
}

/** The stored times are whole seconds: an expiry is rounded up, so that a claim never ends early. */
const wholeSecondAfter = (time: Date) => new Date(Math.ceil(time.getTime() / 1000) * 1000);

/**
 * Claims `key` of `namespace` until `expiresAt`: true for the first claim, false for any later one
 * (of concurrent claims, exactly one inserts the row; the others break the primary key). A unique
 * violation is confirmed by finding the row, so that any other failure of the database is thrown.
 */
export async function claimOnce(
  database: Database,
  namespace: string,
  key: string,
  expiresAt: Date,
  now = new Date(),
): Promise<boolean> {
  const id = usedOnceId(namespace, key);
  const { db } = database;
  try {
    await db
      .insertInto('usedOnce')
      .values({ id, createdTime: nowRfc3339(now), expiresTime: nowRfc3339(wholeSecondAfter(expiresAt)) })
      .execute();
    return true;
  } catch (error) {
    const existing = await db.selectFrom('usedOnce').select('id').where('id', '=', id).executeTakeFirst();
    if (existing) return false;
    throw error;
  }
}

/** Removes the claims of values that could no longer be accepted anyway (run now and then, never on a request). */
export async function purgeExpiredClaims(database: Database, now = new Date()): Promise<void> {
  await database.db.deleteFrom('usedOnce').where('expiresTime', '<=', nowRfc3339(now)).execute();
}
