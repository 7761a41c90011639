import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNT_ITEM_FIELDS,
  type AccountItem,
  allows,
  fieldEntries,
  may,
  nowRfc3339,
  type Organization,
  type User,
  user as userDef,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { checkPasswordOptions, hashForOrganization } from '../crypto/passwords/index.js';
import type { Db } from '../db/database.js';
import type { LooseRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { checkAccountItems } from './account-items.js';
import { refusal, viewerOf } from './actor.js';
import { loadAccess } from './authorization/user-access.js';
import { EntityDomain, inTransaction, type RecordKey } from './entity-domain.js';
import { deleteUserIdentities, renameUserIdentities } from './identities.js';
import { refuseSecondPhysicalGroup, renameMemberships, replaceMemberships } from './memberships.js';
import { withMfaProps } from './mfa-props.js';
import { organizationByName, requireOrganization } from './organization.js';
import { followIdReferences } from './references.js';
import { deleteRecordedSessions, renameRecordedSessions } from './session.js';
import { revokeUserTokens } from './token.js';

/** Validates a new password against the organization's options and stores its hash on the user. */
export async function setUserPassword(user: Partial<User>, password: string, org: Organization): Promise<void> {
  const violated = checkPasswordOptions(password, org.passwordOptions);
  if (violated) throw new AppError(violated);
  Object.assign(user, await hashForOrganization(password, org));
  user.lastChangePasswordTime = nowRfc3339();
}

/**
 * What a new user gets from its organization when the input leaves it out: a random id, the
 * initial score, the default avatar and country code, and the normal user type. The bulk generator
 * (bulk-users.ts) fills its rows with it too.
 */
export function fillNewUser(user: User, provided: ReadonlySet<string>, org: Organization): void {
  if (!provided.has('id') || !user.id) user.id = randomUUID();
  if (!provided.has('score')) user.score = org.initScore;
  if (!user.avatar) user.avatar = org.defaultAvatar;
  if (!user.countryCode) user.countryCode = org.countryCodes[0] ?? '';
  if (!user.type) user.type = 'normal-user';
}

/** Ends every session of a user and revokes every token issued to them. */
async function signOutEverywhere(trx: Db, user: RecordKey): Promise<void> {
  await trx.deleteFrom('authSession').where('owner', '=', user.owner).where('name', '=', user.name).execute();
  await revokeUserTokens(trx, user.owner, user.name);
}

/**
 * Signs a user out of every application at once (Casdoor's sso-logout): every browser's session
 * ends, the session ids applications recorded go, and every token issued to the user is revoked.
 */
export async function signOutOfEveryApplication(server: ServerContext, user: RecordKey): Promise<void> {
  await inTransaction(server, undefined, (trx) => endEverySession(trx, user));
}

/** signOutEverywhere, and the session ids applications recorded for the user go too. */
async function endEverySession(trx: Db, user: RecordKey): Promise<void> {
  await signOutEverywhere(trx, user);
  await deleteRecordedSessions(trx, user);
}

/**
 * Users: every new user, whoever creates it (an administrator, a sign-up, a sign-in through an
 * identity provider, the first start), gets a random id, the organization's initial score, default
 * avatar and country code, and its password hashed under the organization's options. A rename or
 * delete takes the user's sessions and linked identities along.
 */
export const users = new EntityDomain(userDef, {
  beforeAdd: async ({ trx, server }, user, provided) => {
    const org = await requireOrganization(server, user.owner, trx);
    fillNewUser(user, provided, org);
    // A new user gets the password the request gives (an empty one: none, as a sign-up through an
    // identity provider asks), else the organization's default password when one is set, else no
    // password (an administrator sets one); there is no product-wide default password.
    const password = provided.has('password') ? user.password : org.defaultPassword;
    user.password = '';
    if (password) await setUserPassword(user, password, org);
    if (user.isDeleted) user.deletedTime = nowRfc3339();
    user.groups = [...new Set(user.groups)];
    await refuseSecondPhysicalGroup(trx, user.groups);
    await replaceMemberships(trx, user, user.groups);
  },
  beforeUpdate: async ({ trx, server, actor }, before, next, provided) => {
    const org = await requireOrganization(server, before.owner, trx);
    if (next.owner !== before.owner) await requireOrganization(server, next.owner, trx);
    const viewer = viewerOf(actor);
    if (viewer) checkAccountItems(org.accountItems, viewer, before, next);
    // A password changes only through changePassword (POST /api/set-password), which checks the
    // old one and ends what it opened; the masked or empty value sent back keeps it (records.ts).
    if (provided.has('password') && next.password !== before.password) throw new AppError('passwordOnlyThroughSetPassword');
    if (next.isDeleted !== before.isDeleted) next.deletedTime = next.isDeleted ? nowRfc3339() : '';
    // A user who may no longer sign in loses what signing in gave: sessions and tokens, in every protocol.
    if ((next.isForbidden && !before.isForbidden) || (next.isDeleted && !before.isDeleted)) await signOutEverywhere(trx, before);
    next.groups = [...new Set(next.groups)];
    if (JSON.stringify(next.groups) !== JSON.stringify(before.groups)) {
      await refuseSecondPhysicalGroup(trx, next.groups);
      // Under the stored key; a rename moves them afterwards (afterRename).
      await replaceMemberships(trx, before, next.groups);
    }
  },
  afterRename: async ({ trx, server }, before, after) => {
    await trx
      .updateTable('authSession')
      .set({ owner: after.owner, name: after.name })
      .where('owner', '=', before.owner)
      .where('name', '=', before.name)
      .execute();
    await renameRecordedSessions(trx, before, after);
    await renameUserIdentities(trx, before, after);
    await renameMemberships(trx, before, after);
    await followIdReferences(server, trx, 'user', `${before.owner}/${before.name}`, `${after.owner}/${after.name}`);
  },
  extend: (server, stored, answers) => extendedUsers(server, stored, answers),
  beforeDelete: async ({ trx, server }, user) => {
    await endEverySession(trx, user);
    await deleteUserIdentities(trx, user.owner, user.name);
    await replaceMemberships(trx, user, []);
    await followIdReferences(server, trx, 'user', `${user.owner}/${user.name}`, null);
  },
  // With the organization's soft deletion, a delete marks the user deleted (it can no longer sign
  // in; an administrator may restore it) and ends its sessions, tokens and linked identities, as
  // Casdoor does. Deleting a user so marked deletes it for good.
  softDelete: async ({ trx, server }, user) => {
    if (user.isDeleted) return false;
    const org = await organizationByName(server, user.owner, trx);
    if (!org?.enableSoftDeletion) return false;
    await server.repo(userDef).update(user.owner, user.name, { isDeleted: true, deletedTime: nowRfc3339() }, trx);
    await trx.deleteFrom('authSession').where('owner', '=', user.owner).where('name', '=', user.name).execute();
    await deleteUserIdentities(trx, user.owner, user.name);
    await revokeUserTokens(trx, user.owner, user.name);
    return true;
  },
  publicView: (server, viewer, user) => publicProfileFor(server, viewer, user),
});

/**
 * How many users an organization has (get-user-count; every organization's for a global
 * administrator asking for none), or how many of them are online (a live session: Casdoor's
 * isOnline flag, which its sign-in and sign-out set) or not. An organization's administrators ask.
 */
export async function countUsers(server: ServerContext, viewer: Viewer, owner: string, online?: boolean): Promise<number> {
  if (owner ? !allows('orgAdmin', viewer, owner) : viewer.level !== 'globalAdmin') throw refusal(viewer);
  const db = server.database.db;
  const now = nowRfc3339();
  let query = db.selectFrom('user').select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (owner) query = query.where('user.owner', '=', owner);
  if (online !== undefined) {
    query = query.where((eb) => {
      const live = eb.exists(
        eb
          .selectFrom('authSession')
          .select('authSession.id')
          .whereRef('authSession.owner', '=', 'user.owner')
          .whereRef('authSession.name', '=', 'user.name')
          .where('authSession.expiresTime', '>', now),
      );
      return online ? live : eb.not(live);
    });
  }
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Users as Casdoor's get-account, get-user and get-users answer them (the extended user): with their
 * MFA methods' state (multiFactorAuths, computed from fields the answer does not show) and the
 * roles and permissions they hold (loadAccess: two queries for the whole page).
 */
export async function extendedUsers(
  server: ServerContext,
  stored: readonly User[],
  answers: LooseRecord[],
): Promise<LooseRecord[]> {
  const access = await loadAccess(server, stored);
  return answers.map((answer, i) => {
    const user = stored[i];
    if (!user) return answer;
    return { ...withMfaProps(answer, user), roles: access[i]?.roles ?? [], permissions: access[i]?.permissions ?? [] };
  });
}

/**
 * The fields of the visible account items whose view rule is Public, the others empty: what the
 * other members of an organization with public profiles see of a user (Casdoor's isProfilePublic).
 */
export function publicProfile(user: User, items: readonly AccountItem[]): LooseRecord {
  const shown = new Set(['owner', 'name']);
  for (const item of items) {
    if (item.visible && item.viewRule === 'Public') for (const field of ACCOUNT_ITEM_FIELDS[item.name] ?? []) shown.add(field);
  }
  const record: LooseRecord = user;
  const profile: LooseRecord = {};
  for (const [key, field] of fieldEntries(userDef)) {
    if (field.hidden) continue;
    profile[key] = shown.has(key) && field.kind !== 'password' ? record[key] : field.empty();
  }
  return profile;
}

/** A signed-in member of the user's organization sees its public profile when the organization makes profiles public. */
async function publicProfileFor(server: ServerContext, viewer: Viewer | null, user: User): Promise<LooseRecord | null> {
  if (!viewer || viewer.owner !== user.owner || user.isDeleted) return null;
  const org = await organizationByName(server, user.owner);
  return org?.isProfilePublic ? publicProfile(user, org.accountItems) : null;
}

export interface PasswordChange {
  /** The session (its id, the hash of its token) that stays signed in: the caller's own. */
  keepSession?: string;
  /** The caller's transaction (the forgotten-password path takes its grant in the same one). */
  trx?: Db;
}

/**
 * The one way a user's password changes (POST /api/set-password, with the old password or as an
 * administrator, or with a verified code): checked against the organization's options, hashed
 * under its settings, the user no longer asked to change it, every other session of the user
 * ended and every token issued to the user (access and refresh) revoked. Only the password's fields are written: the rest of the record may change meanwhile (a
 * payment from the balance).
 */
export async function changePassword(
  server: ServerContext,
  user: RecordKey,
  password: string,
  org: Organization,
  options: PasswordChange = {},
): Promise<void> {
  if (!password) throw new AppError('passwordEmpty');
  const fields: Partial<User> = { needUpdatePassword: false };
  await setUserPassword(fields, password, org);
  await inTransaction(server, options.trx, async (trx) => {
    await server.repo(userDef).update(user.owner, user.name, fields, trx);
    let sessions = trx.deleteFrom('authSession').where('owner', '=', user.owner).where('name', '=', user.name);
    if (options.keepSession) sessions = sessions.where('id', '!=', options.keepSession);
    await sessions.execute();
    await revokeUserTokens(trx, user.owner, user.name);
  });
}

/**
 * Stores a fresh hash of a password that just signed in, when the organization's hash type changed
 * since it was set: the same password, so not a change of it.
 */
export async function rehashPassword(server: ServerContext, user: User, password: string, org: Organization): Promise<void> {
  await server.repo(userDef).update(user.owner, user.name, await hashForOrganization(password, org));
}

/**
 * Gives a user a new API key pair (POST /api/add-user-keys): the user themself or an
 * administrator of their organization. The key pair signs calls in as the user
 * (accessKey + accessSecret, auth/account.ts); a new pair replaces the old one.
 */
export async function addUserKeys(server: ServerContext, viewer: Viewer, key: RecordKey): Promise<void> {
  const stored = await server.repo(userDef).get(key.owner, key.name);
  if (!stored) throw new AppError('missing', { entity: 'user', id: `${key.owner}/${key.name}` });
  if (!may(userDef, 'update', viewer, stored)) throw refusal(viewer);
  const keys = { accessKey: randomUUID(), accessSecret: randomBytes(24).toString('hex') };
  await users.update(server, 'system', key, keys, { columns: ['accessKey', 'accessSecret'] });
}
