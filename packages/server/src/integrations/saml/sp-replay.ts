import type { Database } from '../../db/database.js';
import { claimOnce } from '../../db/used-once.js';
import { AppError } from '../../errors.js';

/**
 * SAML assertions this server accepted, so that each signs somebody in once: a response caught on
 * the way (a proxy log, a browser history, a shared machine) is refused the second time, whichever
 * instance of a cluster sees it. They are claims of the namespace "saml-assertion" in the store of
 * values used once (db/used-once.ts: only a hash of the issuer and the assertion ID is kept, as long
 * as the assertion would be accepted; expired claims are purged in the background).
 */
export const SAML_ASSERTION_NAMESPACE = 'saml-assertion';

/**
 * Records the assertion as used; refuses one recorded before (of concurrent claims, exactly one
 * wins).
 */
export async function claimAssertion(
  database: Database,
  assertion: { issuer: string; id: string; usableUntil: number },
  now = Date.now(),
): Promise<void> {
  if (!assertion.id) throw new AppError('samlResponseInvalid', { detail: 'the assertion has no ID' });
  const key = `${assertion.issuer}\n${assertion.id}`;
  if (!(await claimOnce(database, SAML_ASSERTION_NAMESPACE, key, new Date(assertion.usableUntil), new Date(now)))) {
    throw new AppError('samlResponseReplayed');
  }
}
