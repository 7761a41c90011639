import { emptyMfaSetup, type MfaSetup, type MfaType, type User } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { newRecoveryCode, recoveryCodeHash } from '../crypto/totp.js';
import { claimOnce } from '../db/used-once.js';
import { AppError } from '../errors.js';
import type { RecordKey } from './entity-domain.js';
import { mfaTypeEnabled } from './mfa-props.js';
import { users } from './user.js';

/**
 * A user's multi-factor authentication, as Casdoor keeps it on the user: the authenticator app's
 * secret (totpSecret), phone and e-mail enabled (their codes go to the user's phone and address),
 * the preferred method, and the recovery codes (kept as hashes here). Every change is an update of
 * the user through the users domain, in one transaction, by the server itself.
 */

const MFA_COLUMNS = [
  'preferredMfaType',
  'mfaPhoneEnabled',
  'mfaEmailEnabled',
  'totpSecret',
  'recoveryCodes',
  'mfaSetup',
] as const satisfies readonly (keyof User)[];

type MfaFields = Partial<Pick<User, (typeof MFA_COLUMNS)[number] | 'email' | 'emailVerified' | 'phone' | 'countryCode'>>;

function save(server: ServerContext, key: RecordKey, fields: MfaFields): Promise<User> {
  return users.update(server, 'system', key, fields, { columns: Object.keys(fields) });
}

/** Records the setup a user (or an administrator) started; a new one replaces any other in progress. */
export function saveMfaSetup(server: ServerContext, user: RecordKey, setup: MfaSetup): Promise<User> {
  return save(server, user, { mfaSetup: setup });
}

/** The setup in progress of this type, if it has not expired. */
export function setupInProgress(user: User, type: MfaType, now = new Date()): MfaSetup | null {
  const setup = user.mfaSetup;
  if (setup.mfaType !== type || !setup.expiresTime || Date.parse(setup.expiresTime) <= now.getTime()) return null;
  return setup;
}

/**
 * Enables the method of a proven (or administrator-confirmed) setup: the app's secret, or phone /
 * e-mail enabled (a user without an address gets the one the setup proved); the setup's recovery
 * code joins the user's; the first method enabled becomes the preferred one.
 */
export function enableMfa(server: ServerContext, user: User, setup: MfaSetup, type: MfaType): Promise<User> {
  const fields: MfaFields = {
    mfaSetup: emptyMfaSetup(),
    recoveryCodes: [...user.recoveryCodes, setup.recoveryCodeHash].slice(-20),
    preferredMfaType: user.preferredMfaType || type,
  };
  if (type === 'app') fields.totpSecret = setup.secret;
  if (type === 'email') {
    fields.mfaEmailEnabled = true;
    if (!user.email) fields.email = setup.dest;
    fields.emailVerified = true;
  }
  if (type === 'sms') {
    fields.mfaPhoneEnabled = true;
    if (!user.phone) Object.assign(fields, { phone: setup.dest, countryCode: setup.countryCode || user.countryCode });
  }
  return save(server, user, fields);
}

/** Removes every method, the recovery codes and any setup in progress (Casdoor's DisabledMultiFactorAuth). */
export function disableMfa(server: ServerContext, user: RecordKey): Promise<User> {
  return save(server, user, {
    preferredMfaType: '',
    mfaPhoneEnabled: false,
    mfaEmailEnabled: false,
    totpSecret: '',
    recoveryCodes: [],
    mfaSetup: emptyMfaSetup(),
  });
}

/** Makes an enabled method the one the sign-in offers first. */
export function setPreferredMfa(server: ServerContext, user: User, type: MfaType): Promise<User> {
  if (!mfaTypeEnabled(user, type)) throw new AppError('mfaTypeNotEnabled', { type });
  return save(server, user, { preferredMfaType: type });
}

/** Whether the code is one of the user's recovery codes. */
export function hasRecoveryCode(user: User, code: string): boolean {
  return user.recoveryCodes.includes(recoveryCodeHash(code));
}

/**
 * Uses a recovery code: each signs in once (of two sign-ins racing with one code, one wins, on any
 * instance), and a new code takes its place, which is answered once. Null for a code the user does
 * not have.
 */
export async function useRecoveryCode(server: ServerContext, user: User, code: string): Promise<string | null> {
  const hash = recoveryCodeHash(code);
  if (!user.recoveryCodes.includes(hash)) return null;
  const claimed = await claimOnce(server.database, 'mfa-recovery-code', `${user.id}:${hash}`, new Date(Date.now() + 3600_000));
  if (!claimed) return null;
  const fresh = newRecoveryCode();
  const current = (await users.repo(server).get(user.owner, user.name))?.recoveryCodes ?? user.recoveryCodes;
  await save(server, user, { recoveryCodes: [...current.filter((stored) => stored !== hash), recoveryCodeHash(fresh)] });
  return fresh;
}
