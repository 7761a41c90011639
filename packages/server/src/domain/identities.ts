import { nowRfc3339, type Provider } from '@gatehouse/entities';
import type { Db } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { IdpIdentity } from '../integrations/oauth/index.js';

/**
 * Accounts of OAuth identity providers linked to users (the userIdentity table, migration 0011).
 * An identity is the provider's id of a person (`subject`) under a provider of the organization;
 * it belongs to one user, and a user has at most one identity per provider.
 */
export type UserIdentity = DB['userIdentity'];

const cut = (value: string, max: number) => value.slice(0, max);

/** The row of `identity` for the user owner/user (profile values cut to their columns). */
export function identityRow(owner: string, user: string, provider: Provider, identity: IdpIdentity): UserIdentity {
  return {
    owner,
    providerName: provider.name,
    subject: cut(identity.id, 255),
    user,
    providerType: provider.type,
    username: cut(identity.username, 255),
    displayName: cut(identity.displayName, 255),
    email: cut(identity.email, 255),
    avatar: cut(identity.avatarUrl, 2000),
    createdTime: nowRfc3339(),
  };
}

export async function findIdentity(
  db: Db,
  owner: string,
  providerName: string,
  subject: string,
): Promise<UserIdentity | undefined> {
  return db
    .selectFrom('userIdentity')
    .selectAll()
    .where('owner', '=', owner)
    .where('providerName', '=', providerName)
    .where('subject', '=', cut(subject, 255))
    .executeTakeFirst();
}

/** The identities of a user, by provider name. */
export async function identitiesOfUser(db: Db, owner: string, user: string): Promise<UserIdentity[]> {
  return db
    .selectFrom('userIdentity')
    .selectAll()
    .where('owner', '=', owner)
    .where('user', '=', user)
    .orderBy('providerName')
    .execute();
}

/** Links `row` to its user, replacing the user's earlier identity of the same provider. */
export async function linkIdentity(trx: Db, row: UserIdentity): Promise<void> {
  await trx
    .deleteFrom('userIdentity')
    .where('owner', '=', row.owner)
    .where('user', '=', row.user)
    .where('providerName', '=', row.providerName)
    .execute();
  await trx.insertInto('userIdentity').values(row).execute();
}

/** Keeps the profile the provider answered at the last sign-in. */
export async function refreshIdentity(db: Db, row: UserIdentity): Promise<void> {
  await db
    .updateTable('userIdentity')
    .set({ username: row.username, displayName: row.displayName, email: row.email, avatar: row.avatar })
    .where('owner', '=', row.owner)
    .where('providerName', '=', row.providerName)
    .where('subject', '=', row.subject)
    .execute();
}

/** Removes the user's identity of a provider (name) or of a provider type; answers how many went. */
export async function unlinkIdentity(
  db: Db,
  owner: string,
  user: string,
  which: { providerName?: string; providerType?: string },
): Promise<number> {
  let query = db.deleteFrom('userIdentity').where('owner', '=', owner).where('user', '=', user);
  if (which.providerName) query = query.where('providerName', '=', which.providerName);
  else if (which.providerType) query = query.where('providerType', '=', which.providerType);
  else return 0;
  const results = await query.execute();
  return results.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
}

/** Identities follow their user when it is renamed or moved to another organization. */
export async function renameUserIdentities(
  trx: Db,
  before: { owner: string; name: string },
  after: { owner: string; name: string },
): Promise<void> {
  await trx
    .updateTable('userIdentity')
    .set({ owner: after.owner, user: after.name })
    .where('owner', '=', before.owner)
    .where('user', '=', before.name)
    .execute();
}

export async function deleteUserIdentities(trx: Db, owner: string, user: string): Promise<void> {
  await trx.deleteFrom('userIdentity').where('owner', '=', owner).where('user', '=', user).execute();
}
