import {
  ADMIN_OWNER,
  nowRfc3339,
  type Organization,
  organization as organizationDef,
  user as userDef,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { Rec } from '../crud/repository.js';
import { AppError } from '../errors.js';
import { burnVerification, checkUserPassword, hashForOrganization } from './passwords/index.js';

/** The lockout rule of the application being signed in to (spec: failedSigninLimit, failedSigninFrozenTime). */
export interface LockoutRule {
  limit: number;
  frozenMinutes: number;
}

export const DEFAULT_LOCKOUT: LockoutRule = { limit: 5, frozenMinutes: 15 };

/** Finds a user of `owner` by name, then e-mail, then phone, ignoring deleted users. */
export async function findSigninUser(server: ServerContext, owner: string, login: string): Promise<Rec | undefined> {
  const users = server.repo(userDef);
  for (const field of ['name', 'email', 'phone']) {
    const found = await users.findBy(field, login, { owner });
    if (found && !found.isDeleted) return found;
  }
  return undefined;
}

function minutesSince(time: string): number {
  return (Date.now() - Date.parse(time)) / 60_000;
}

/**
 * Checks a password sign-in and returns the user. Wrong passwords are counted per organization
 * and login (whether or not the account exists, so the answers never reveal which accounts exist);
 * after `limit` wrong attempts the login is frozen for `frozenMinutes`.
 */
export async function verifyCredentials(
  server: ServerContext,
  input: { organization: string; username: string; password: string; lockout: LockoutRule },
): Promise<Rec> {
  const { db } = server.database;
  const { limit, frozenMinutes } = input.lockout;
  const org = (await server.repo(organizationDef).get(ADMIN_OWNER, input.organization)) as Organization | undefined;
  const user = org ? await findSigninUser(server, input.organization, input.username) : undefined;
  const key = { owner: input.organization, name: String(user?.id ?? input.username.toLowerCase()).slice(0, 255) };

  const failure = await db
    .selectFrom('signinFailure')
    .selectAll()
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .executeTakeFirst();
  let wrongTimes = Number(failure?.wrongTimes ?? 0);
  if (failure && wrongTimes >= limit) {
    const waited = minutesSince(String(failure.lastWrongTime));
    if (waited < frozenMinutes) throw new AppError('signinFrozen', { minutes: Math.ceil(frozenMinutes - waited) });
    wrongTimes = 0;
  }

  let ok = false;
  let needsRehash = false;
  if (org && user) {
    const check = await checkUserPassword({
      password: input.password,
      user: { password: String(user.password), passwordType: String(user.passwordType), passwordSalt: String(user.passwordSalt) },
      organization: org,
    });
    ok = check.ok;
    needsRehash = check.needsRehash;
  } else {
    await burnVerification();
  }

  if (!ok) {
    wrongTimes += 1;
    const values = { wrongTimes, lastWrongTime: nowRfc3339() };
    const update = () =>
      db.updateTable('signinFailure').set(values).where('owner', '=', key.owner).where('name', '=', key.name).execute();
    // A concurrent first failure may have inserted the row already.
    if (failure) await update();
    else
      await db
        .insertInto('signinFailure')
        .values({ ...key, ...values })
        .execute()
        .catch(update);
    if (wrongTimes >= limit) throw new AppError('signinFrozen', { minutes: frozenMinutes });
    throw new AppError('wrongPasswordChances', { chances: limit - wrongTimes });
  }
  if (failure) await db.deleteFrom('signinFailure').where('owner', '=', key.owner).where('name', '=', key.name).execute();
  const signedIn = user as Rec;
  if (signedIn.isForbidden) throw new AppError('userForbidden');
  if (needsRehash && org) {
    await server
      .repo(userDef)
      .update(String(signedIn.owner), String(signedIn.name), { ...(await hashForOrganization(input.password, org)) });
  }
  return signedIn;
}
