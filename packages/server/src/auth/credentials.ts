import {
  ADMIN_OWNER,
  type Application,
  isPasswordWithLdapEnabled,
  LDAP_SIGNIN_METHOD,
  nowRfc3339,
  type Organization,
  organization as organizationDef,
  type User,
  user as userDef,
} from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { burnVerification, checkUserPassword } from '../crypto/passwords/index.js';
import { isMfaEnabled } from '../domain/mfa-props.js';
import { organizationByName } from '../domain/organization.js';
import { rehashPassword } from '../domain/user.js';
import { AppError } from '../errors.js';
import { checkDirectoryPassword } from './ldap-password.js';

/** The lockout rule of the application being signed in to (its failedSigninLimit and failedSigninFrozenTime). */
export interface LockoutRule {
  limit: number;
  frozenMinutes: number;
}

export const DEFAULT_LOCKOUT: LockoutRule = { limit: 5, frozenMinutes: 15 };

export function lockoutOf(app: Application): LockoutRule {
  return {
    limit: app.failedSigninLimit || DEFAULT_LOCKOUT.limit,
    frozenMinutes: app.failedSigninFrozenTime || DEFAULT_LOCKOUT.frozenMinutes,
  };
}

/** Finds a user of `owner` by name, then e-mail, then phone, ignoring deleted users. */
export async function findSigninUser(server: ServerContext, owner: string, login: string): Promise<User | undefined> {
  const users = server.repo(userDef);
  for (const field of ['name', 'email', 'phone'] as const) {
    const found = await users.findBy(field, login, { owner });
    if (found && !found.isDeleted) return found;
  }
  return undefined;
}

/** The row wrong passwords are counted under: the account's id when the login names one, else the login itself. */
export function failureKey(organization: string, user: User | undefined, login: string) {
  return { owner: organization, name: (user?.id ?? login.toLowerCase()).slice(0, 255) };
}

/**
 * How many wrong passwords were entered for `login` of `organization` since its last successful
 * sign-in (0 when none): the Dynamic captcha rule asks for a captcha once there was one.
 */
export async function failedSigninCount(server: ServerContext, organization: string, login: string): Promise<number> {
  const org = await server.repo(organizationDef).get(ADMIN_OWNER, organization);
  const user = org ? await findSigninUser(server, organization, login) : undefined;
  const key = failureKey(organization, user, login);
  const row = await server.database.db
    .selectFrom('signinFailure')
    .select('wrongTimes')
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .executeTakeFirst();
  return Number(row?.wrongTimes ?? 0);
}

function minutesSince(time: string): number {
  return (Date.now() - Date.parse(time)) / 60_000;
}

/**
 * The wrong passwords and codes counted against a login (organization, and the account's id, or
 * the login as typed when there is no such account).
 */
export interface FailureCount {
  key: { owner: string; name: string };
  /** The stored row, if any. */
  row?: Record<string, unknown>;
  wrongTimes: number;
}

/** The failures counted for `key`; refuses while the login is frozen (a freeze that ended starts over). */
export async function readFailures(server: ServerContext, key: FailureCount['key'], lockout: LockoutRule): Promise<FailureCount> {
  const row = await server.database.db
    .selectFrom('signinFailure')
    .selectAll()
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .executeTakeFirst();
  let wrongTimes = Number(row?.wrongTimes ?? 0);
  if (row && wrongTimes >= lockout.limit) {
    const waited = minutesSince(row.lastWrongTime);
    if (waited < lockout.frozenMinutes)
      throw new AppError('signinFrozen', { minutes: Math.ceil(lockout.frozenMinutes - waited) });
    wrongTimes = 0;
  }
  return { key, row, wrongTimes };
}

/** What a wrong guess is refused with while chances are left: a password (or a sign-in code), or a second factor's code. */
export type WrongGuess = 'wrongPasswordChances' | 'mfaCodeWrong' | 'mfaRecoveryCodeWrong';

/**
 * Counts one more wrong password or code and refuses with the chances left (in the words of
 * `wrong`: what was wrong), or the freeze.
 */
export async function countFailure(
  server: ServerContext,
  count: FailureCount,
  lockout: LockoutRule,
  wrong: WrongGuess = 'wrongPasswordChances',
): Promise<never> {
  const { db } = server.database;
  const { key } = count;
  const lastWrongTime = nowRfc3339();
  const row = () => db.updateTable('signinFailure').where('owner', '=', key.owner).where('name', '=', key.name);
  // One more, counted by the database: wrong passwords sent at once (to several instances) all count.
  const increment = () =>
    row()
      .set({ wrongTimes: sql<number>`${sql.ref('wrongTimes')} + 1`, lastWrongTime })
      .execute();
  if (!count.row)
    // A concurrent first failure may have inserted the row already.
    await db
      .insertInto('signinFailure')
      .values({ ...key, wrongTimes: 1, lastWrongTime })
      .execute()
      .catch(increment);
  // A freeze that ended starts the count over.
  else if (count.wrongTimes < Number(count.row.wrongTimes)) await row().set({ wrongTimes: 1, lastWrongTime }).execute();
  else await increment();
  const counted = await db
    .selectFrom('signinFailure')
    .select('wrongTimes')
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .executeTakeFirst();
  const wrongTimes = Math.max(Number(counted?.wrongTimes ?? 0), count.wrongTimes + 1);
  if (wrongTimes >= lockout.limit) throw new AppError('signinFrozen', { minutes: lockout.frozenMinutes });
  throw new AppError(wrong, { chances: lockout.limit - wrongTimes });
}

/** Forgets the failures of a login that succeeded. */
export async function clearFailures(server: ServerContext, count: FailureCount): Promise<void> {
  if (!count.row) return;
  await server.database.db
    .deleteFrom('signinFailure')
    .where('owner', '=', count.key.owner)
    .where('name', '=', count.key.name)
    .execute();
}

const DAY_MS = 86_400_000;

/**
 * Whether the organization's password lifetime (passwordExpireDays, 0 = forever) has run out for
 * the user: counted from the last password change, else from the account's creation (Casdoor's rule).
 */
export function passwordExpired(
  user: Pick<User, 'lastChangePasswordTime' | 'createdTime'>,
  org: Pick<Organization, 'passwordExpireDays'>,
  now = Date.now(),
): boolean {
  if (org.passwordExpireDays <= 0) return false;
  const since = Date.parse(user.lastChangePasswordTime || user.createdTime);
  if (Number.isNaN(since)) return true;
  return now > since + org.passwordExpireDays * DAY_MS;
}

/**
 * Forgets the failures of a first step that succeeded, unless a second factor follows: its wrong
 * passcodes count on top of them, and only the complete sign-in clears them (mfa-signin.ts), so
 * that entering the password again never buys more passcode tries.
 */
export async function clearFailuresOf(server: ServerContext, count: FailureCount, user: User): Promise<void> {
  if (!isMfaEnabled(user)) await clearFailures(server, count);
}

/**
 * Which users a password sign-in takes, by whose password: `only` users synced from an LDAP server
 * (the application's LDAP sign-in method), `with` them (the Password method whose rule is All) or
 * `without` them (Non-LDAP, Hide password). Users synced from LDAP sign in with their directory
 * password, the others with the one stored here.
 */
export type DirectoryRule = 'only' | 'with' | 'without';

export function directoryRuleOf(app: Application, signinMethod: string): DirectoryRule {
  if (signinMethod === LDAP_SIGNIN_METHOD) return 'only';
  return isPasswordWithLdapEnabled(app) ? 'with' : 'without';
}

/**
 * Checks a password sign-in and returns the user. A login naming no account of the organization
 * is told so (Casdoor's answer), with where a member of another organization signs in, and counts
 * against nobody; wrong passwords of an account are counted, and after `limit` of them the account
 * is frozen for `frozenMinutes`. A password older than the organization's passwordExpireDays is
 * refused after the check.
 */
export async function verifyCredentials(
  server: ServerContext,
  input: { organization: string; username: string; password: string; lockout: LockoutRule; directory: DirectoryRule },
): Promise<User> {
  const org = await organizationByName(server, input.organization);
  if (!org) throw new AppError('organizationMissing', { name: input.organization });
  const user = await findSigninUser(server, input.organization, input.username);
  if (!user) {
    // As long as a password check, so that the answer's time says nothing more than its words.
    await burnVerification();
    throw new AppError('userNotInOrganization', { name: input.username, organization: input.organization });
  }
  // Casdoor's answers: the LDAP method is for directory users only; Non-LDAP keeps them out.
  if (input.directory === 'only' && !user.ldap) throw new AppError('ldapUserMissing', { name: input.username });
  if (input.directory === 'without' && user.ldap) {
    await burnVerification();
    throw new AppError('wrongPassword');
  }
  const failures = await readFailures(server, failureKey(input.organization, user, input.username), input.lockout);
  if (user.ldap) {
    // The directory's password; a wrong one counts as a wrong password here.
    const verdict = await checkDirectoryPassword(server, user, input.password);
    if (verdict === 'absent') throw new AppError('ldapUserMissing', { name: input.username });
    if (verdict === 'refused') await countFailure(server, failures, input.lockout);
    await clearFailuresOf(server, failures, user);
    if (user.isForbidden) throw new AppError('userForbidden');
    return user;
  }
  const { ok, needsRehash } = await checkUserPassword({ password: input.password, user, organization: org });
  if (!ok) await countFailure(server, failures, input.lockout);
  await clearFailuresOf(server, failures, user);
  if (user.isForbidden) throw new AppError('userForbidden');
  // The right password, but too old: the user sets a new one through "Forgot password".
  if (passwordExpired(user, org)) throw new AppError('passwordExpired');
  if (needsRehash) await rehashPassword(server, user, input.password, org);
  return user;
}
