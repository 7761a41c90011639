import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { claimOnce } from '../../db/used-once.js';
import type { Clock } from '../captcha/store.js';

/**
 * Nonces of Web3 sign-ins. The server draws one with each sign-in and stores nothing: the nonce
 * travels in the sign-in's state (auth/provider-state.ts), which the server signs and binds to the
 * browser, so a nonce the server did not issue for this sign-in never fits its state, and the
 * state's expiry bounds the nonce's life. The first sign-in that brings it back signed spends it: a
 * claim of the namespace "web3-nonce" in the store of values used once (db/used-once.ts), kept
 * until the state carrying the nonce expires, so that any instance of a cluster refuses a nonce
 * another spent.
 */

export const WEB3_NONCE_NAMESPACE = 'web3-nonce';

/** A new nonce: 128 random bits, base64url (22 characters). */
export function issueWeb3Nonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Spends the nonce of a sign-in whose state expires at `stateExpires` (milliseconds since the
 * epoch; so a nonce can be spent for the lifetime of the state that carries it): true only for a nonce of this server's
 * form, of a live state, that no other sign-in has spent (of concurrent sign-ins with the same
 * nonce, exactly one wins). The caller has checked that the nonce is the one its state carries.
 */
export async function spendWeb3Nonce(
  database: Database,
  nonce: string,
  stateExpires: number,
  clock: Clock = {},
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(nonce) || !Number.isFinite(stateExpires)) return false;
  const now = clock.now?.() ?? new Date();
  if (stateExpires < now.getTime()) return false;
  return claimOnce(database, WEB3_NONCE_NAMESPACE, nonce, new Date(stateExpires), now);
}
