import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { countFailure, type LockoutRule, readFailures } from './credentials.js';

/**
 * Failed sign-ins counted per client address, beside the per-account count (credentials.ts): a
 * password sprayed over many accounts, or codes and client secrets guessed, from one address. The
 * count lives in the same table as the accounts' (signinFailure), under an owner no organization
 * can have, so that every instance of a cluster counts together.
 */
const ADDRESS_OWNER = '@address';

function ruleOf(server: ServerContext): LockoutRule {
  return { limit: server.config.signinIpFailureLimit, frozenMinutes: server.config.signinIpFrozenMinutes };
}

const keyOf = (address: string) => ({ owner: ADDRESS_OWNER, name: address.slice(0, 255) });

/** Refuses an address that failed the limit within the window (HTTP 429 with Retry-After in minutes' seconds). */
export async function checkAddress(server: ServerContext, address: string): Promise<void> {
  try {
    await readFailures(server, keyOf(address), ruleOf(server));
  } catch (error) {
    if (error instanceof AppError && error.key === 'signinFrozen') throw new AppError('signinAddressFrozen', error.params, 429);
    throw error;
  }
}

/**
 * Counts one failed sign-in of an address (the caller answers the failure it had); answers whether
 * this failure froze it.
 */
export async function countAddressFailure(server: ServerContext, address: string): Promise<boolean> {
  const rule = ruleOf(server);
  const count = await readFailures(server, keyOf(address), rule).catch((error: unknown) => {
    // Already frozen: nothing more to count.
    if (error instanceof AppError && error.key === 'signinFrozen') return null;
    throw error;
  });
  if (!count) return false;
  // countFailure throws the count's answer (chances left, frozen): the caller answers its own failure.
  const answer = await countFailure(server, count, rule).catch((error: unknown) => error);
  if (!(answer instanceof AppError)) throw answer;
  return answer.key === 'signinFrozen';
}
