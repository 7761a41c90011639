/** Casdoor's CheckPassword semantics on top of the password algorithms. */
import type { PasswordType } from '@gatehouse/entities';
import { verify as bcryptVerify } from '@node-rs/bcrypt';
import { hashPassword, isPasswordType, newSalt, safeEqual, verifyPassword } from './algorithms.js';

export interface PasswordHolder {
  password: string;
  passwordType: string;
  passwordSalt: string;
}

export interface PasswordPolicy {
  passwordType: string;
  passwordSalt: string;
}

export interface PasswordCheckInput {
  password: string;
  user: PasswordHolder;
  organization: PasswordPolicy & { masterPassword: string };
}

export interface PasswordCheckResult {
  ok: boolean;
  /** The organization's master password was used, not the user's own. */
  viaMasterPassword: boolean;
  /** The stored hash uses another type than the organization's: store a fresh one. */
  needsRehash: boolean;
}

// Types whose verification reads everything it needs from the stored string.
const SALT_IGNORED: ReadonlySet<PasswordType> = new Set<PasswordType>(['plain', 'bcrypt', 'argon2id', 'pbkdf2-django']);

function typeOf(value: string): PasswordType {
  const type = value || 'plain';
  if (!isPasswordType(type)) throw new Error(`Unsupported password type: ${type}`);
  return type;
}

export async function checkUserPassword(input: PasswordCheckInput): Promise<PasswordCheckResult> {
  const { password, user, organization } = input;
  const organizationType = typeOf(organization.passwordType);
  const userType = user.passwordType ? typeOf(user.passwordType) : organizationType;

  // Casdoor refuses an empty password before comparing anything.
  if (password === '') return { ok: false, viaMasterPassword: false, needsRehash: false };

  const master = organization.masterPassword;
  if (master !== '') {
    const plainMatch = safeEqual(password, master);
    const hashMatch =
      !plainMatch &&
      organizationType !== 'plain' &&
      (await verifyPassword(organizationType, password, master, organization.passwordSalt));
    if (plainMatch || hashMatch) return { ok: true, viaMasterPassword: true, needsRehash: false };
  }

  if (user.password === '') return { ok: false, viaMasterPassword: false, needsRehash: false };

  // Accounts hashed under an earlier organization salt carry their own salt, hence both.
  let ok = await verifyPassword(userType, password, user.password, organization.passwordSalt);
  if (!ok && !SALT_IGNORED.has(userType) && user.passwordSalt !== organization.passwordSalt) {
    ok = await verifyPassword(userType, password, user.password, user.passwordSalt);
  }
  return { ok, viaMasterPassword: false, needsRehash: ok && userType !== organizationType };
}

/** Hashes a new password the way the organization wants it; assign the result onto the user. */
export async function hashForOrganization(password: string, organization: PasswordPolicy): Promise<PasswordHolder> {
  const passwordType = typeOf(organization.passwordType);
  const passwordSalt = organization.passwordSalt || newSalt();
  return { password: await hashPassword(passwordType, password, passwordSalt), passwordType, passwordSalt };
}

// A cost-10 bcrypt hash (golang.org/x/crypto/bcrypt's test vector), as costly as a real check.
const DUMMY_BCRYPT_HASH = '$2a$10$XajjQvNhvvRt5GSeFk1xFeyqRrsxkhBkUiQeg0dt.wU1qD4aFDcga';

/** Spends about one password check, so an unknown user answers as slowly as a wrong password. */
export async function burnVerification(): Promise<void> {
  await bcryptVerify('gatehouse-timing-equaliser', DUMMY_BCRYPT_HASH).catch(() => false);
}
