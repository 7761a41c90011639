import {
  ADMIN_OWNER,
  accountItemsProblem,
  isEncryptingObfuscator,
  isPlaceholderItem,
  MASK,
  type Organization,
  obfuscatorProblem,
  organization as organizationDef,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { safeEqual } from '../crypto/passwords/index.js';
import type { Db } from '../db/database.js';
import type { LooseRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { deleteOrganizationData, renameOrganizationEverywhere } from './cascade.js';
import { EntityDomain } from './entity-domain.js';
import { maskRecord } from './records.js';

/** A tag is "value" or "value|label" (the label is what Chinese pages show), with a value. */
function tagProblem(tag: string): boolean {
  const parts = tag.split('|');
  return parts.length > 2 || parts[0]?.trim() === '';
}

/**
 * The organization's own rules, on every write: account item rows left as
 * "Please select an account item" are dropped and the rest checked; the obfuscator key must fit its
 * type (Plain keeps none); the dark logo goes with its switch (a client that sends only the dark
 * logo, as Casdoor's do, turns the switch on); tags are value or value|label.
 */
function settle(org: Organization, provided: Set<string>): void {
  org.accountItems = org.accountItems.filter((item) => !isPlaceholderItem(item));
  const itemProblem = accountItemsProblem(org.accountItems);
  if (itemProblem) throw new AppError(itemProblem.key, itemProblem.params);

  const obfuscator = obfuscatorProblem(org.passwordObfuscatorType, org.passwordObfuscatorKey);
  if (obfuscator) throw new AppError(obfuscator.key, obfuscator.params);
  if (org.passwordObfuscatorType === 'Plain' || org.passwordObfuscatorType === '') org.passwordObfuscatorKey = '';

  if (!provided.has('enableDarkLogo') && provided.has('logoDark')) org.enableDarkLogo = org.logoDark !== '';
  if (!org.enableDarkLogo) org.logoDark = '';

  const badTag = org.tags.find(tagProblem);
  if (badTag !== undefined) throw new AppError('organizationTagInvalid', { tag: badTag });
}

/** Renaming an organization moves everything it owns; deleting it deletes everything it owns. */
export const organizations = new EntityDomain(organizationDef, {
  // An organization added without a password type stores real hashes (bcrypt), not plain text.
  beforeAdd: async (_ctx, org, provided) => {
    if (!provided.has('passwordType')) org.passwordType = 'bcrypt';
    settle(org, provided);
  },
  beforeUpdate: async (_ctx, _before, next, provided) => settle(next, provided),
  afterRename: async ({ trx, server }, before, after) => renameOrganizationEverywhere(server, trx, before.name, after.name),
  beforeDelete: async ({ trx, server }, record) => deleteOrganizationData(server, trx, record.name),
});

/** The organization named `name`, if any. */
/**
 * The organization named `name`. Outside a transaction it is read from the record cache (frozen:
 * change a copy); inside one, from the transaction, which may have changed it.
 */
export function organizationByName(server: ServerContext, name: string, trx?: Db): Promise<Organization | undefined> {
  const repo = server.repo(organizationDef);
  if (trx) return repo.get(ADMIN_OWNER, name, trx);
  const caches = server.services.recordCaches;
  return caches.organizations.get(name, () => repo.get(ADMIN_OWNER, name), caches.trusted());
}

/** The organization named `name`, or the "does not exist" refusal. */
export async function requireOrganization(server: ServerContext, name: string, trx?: Db): Promise<Organization> {
  const org = await organizationByName(server, name, trx);
  if (!org) throw new AppError('organizationMissing', { name });
  return org;
}

/**
 * The organization as its sign-in pages see it (anyone, signed in or not): no secrets, no salt or
 * address list, but the obfuscator key when passwords travel encrypted, since the page encrypts
 * with it (Casdoor's pages get it the same way).
 */
export function organizationForSigninPage(org: Organization): LooseRecord {
  const masked = maskRecord(organizationDef, org, null);
  const hidden = (value: string) => (value ? MASK : '');
  return {
    ...masked,
    passwordSalt: hidden(org.passwordSalt),
    ipWhitelist: hidden(org.ipWhitelist),
    passwordObfuscatorKey: isEncryptingObfuscator(org.passwordObfuscatorType) ? org.passwordObfuscatorKey : '',
  };
}

/**
 * Whether `code` is the organization's master verification code, which stands in for any code sent
 * to one of its members (Casdoor's rule: the forgotten-password check and the MFA passcode).
 */
export function isMasterVerificationCode(org: Pick<Organization, 'masterVerificationCode'>, code: string): boolean {
  return org.masterVerificationCode !== '' && safeEqual(code.trim(), org.masterVerificationCode);
}
