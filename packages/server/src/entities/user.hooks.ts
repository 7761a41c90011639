import { randomUUID } from 'node:crypto';
import { nowRfc3339, type Organization } from '@gatehouse/entities';
import { deleteUserIdentities, renameUserIdentities } from '../auth/identities.js';
import { checkPasswordOptions, hashForOrganization } from '../auth/passwords/index.js';
import type { EntityHooks } from '../crud/hooks.js';
import type { Rec } from '../crud/repository.js';
import { AppError } from '../errors.js';
import { requireOrganization } from './organization-lookup.js';

/** Validates a new password against the organization's options and stores its hash on the user. */
export async function setUserPassword(user: Rec, password: string, org: Organization): Promise<void> {
  const violated = checkPasswordOptions(password, org.passwordOptions);
  if (violated) throw new AppError(violated);
  Object.assign(user, await hashForOrganization(password, org));
  user.lastChangePasswordTime = nowRfc3339();
}

export const userHooks: EntityHooks = {
  beforeAdd: async ({ trx, server }, user, provided) => {
    const org = await requireOrganization(server, String(user.owner), trx);
    user.id = randomUUID();
    if (!provided.has('score')) user.score = org.initScore;
    if (!user.avatar) user.avatar = org.defaultAvatar;
    if (!user.countryCode) user.countryCode = org.countryCodes[0] ?? '';
    if (!user.type) user.type = 'normal-user';
    // A new user gets the organization's default password when one is set, and no password
    // otherwise (an administrator sets one); there is no product-wide default password.
    const password = String(user.password ?? '') || org.defaultPassword;
    user.password = '';
    if (password) await setUserPassword(user, password, org);
    if (user.isDeleted) user.deletedTime = nowRfc3339();
  },
  beforeUpdate: async ({ trx, server }, before, next, provided) => {
    const org = await requireOrganization(server, String(next.owner), trx);
    if (provided.has('password') && next.password !== before.password) {
      await setUserPassword(next, String(next.password), org);
    }
    if (next.isDeleted !== before.isDeleted) next.deletedTime = next.isDeleted ? nowRfc3339() : '';
    // Payments deduct from the balance while this update runs (integrations/payment/balance.ts):
    // write it only when the update changes it, so that a payment made meanwhile is not undone.
    if (next.balance === before.balance) delete next.balance;
  },
  afterRename: async ({ trx }, before, after) => {
    await trx
      .updateTable('authSession')
      .set({ owner: after.owner, name: after.name })
      .where('owner', '=', before.owner)
      .where('name', '=', before.name)
      .execute();
    await renameUserIdentities(
      trx,
      { owner: String(before.owner), name: String(before.name) },
      { owner: String(after.owner), name: String(after.name) },
    );
  },
  beforeDelete: async ({ trx }, user) => {
    await trx.deleteFrom('authSession').where('owner', '=', user.owner).where('name', '=', user.name).execute();
    await deleteUserIdentities(trx, String(user.owner), String(user.name));
  },
};
