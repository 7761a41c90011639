import { type Provider, shortAddress } from '@gatehouse/entities';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../captcha/store.js';
import type { IdpIdentity } from '../oauth/types.js';
import { spendWeb3Nonce } from './nonces.js';
import { verifyWeb3Token } from './verify.js';

export { issueWeb3Nonce, spendWeb3Nonce, WEB3_NONCE_NAMESPACE } from './nonces.js';
export { verifyWeb3Token, WEB3_MAX_AGE_SECONDS, WEB3_MAX_AHEAD_SECONDS } from './verify.js';

/**
 * Sign-in with a wallet (provider category Web3): the wallet's signature stands in for the code an
 * OAuth provider gives back (auth/provider-login.ts does the rest, as for OAuth providers).
 * MetaMask is any injected (EIP-1193) wallet that signs EIP-712 typed data; Web3-Onboard is not
 * implemented.
 */
export const WEB3_TYPES_SUPPORTED: readonly string[] = ['MetaMask'];

/** Refuses a Web3 provider of a type this release does not sign in with. */
export function checkWeb3Provider(provider: Provider): void {
  if (provider.category !== 'Web3' || !WEB3_TYPES_SUPPORTED.includes(provider.type)) {
    throw new AppError('providerTypeUnsupported', { category: provider.category, type: provider.type });
  }
}

/**
 * Who signed in: the token's address once its signature, nonce (the one the sign-in's state
 * carries) and time are checked, and its nonce spent until the state expires (`stateExpires`,
 * milliseconds since the epoch); a refused token spends nothing. The identity is the lower-case
 * address.
 */
export async function web3Identity(
  database: Database,
  provider: Provider,
  input: { code: string; nonce: string; stateExpires: number },
  clock: Clock = {},
): Promise<IdpIdentity> {
  checkWeb3Provider(provider);
  const verified = await verifyWeb3Token(input.code, { nonce: input.nonce, now: clock.now?.() });
  if (!(await spendWeb3Nonce(database, verified.nonce, input.stateExpires, clock))) throw new AppError('web3NonceUsed');
  return {
    id: verified.address,
    username: verified.address,
    displayName: shortAddress(verified.address),
    email: '',
    emailVerified: false,
    avatarUrl: '',
  };
}
