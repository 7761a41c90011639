import { isEncryptingObfuscator, type Organization } from '@gatehouse/entities';
import { ObfuscatedPasswordError, revealObfuscatedPassword } from '../crypto/password-obfuscator.js';
import { AppError } from '../errors.js';

type ObfuscatorSettings = Pick<Organization, 'name' | 'passwordObfuscatorType' | 'passwordObfuscatorKey'>;

/**
 * The password a sign-in sent, read with the obfuscator of the application's organization (the
 * organization whose sign-in page encrypted it, as in Casdoor). Plain sends it as typed; AES and
 * DES send hex that must decrypt under the organization's key, or the sign-in is refused with a
 * clear message (and counts as no password check at all). An empty password stays empty.
 */
export function revealSigninPassword(org: ObfuscatorSettings | undefined, sent: string): string {
  const type = org?.passwordObfuscatorType;
  if (!org || !isEncryptingObfuscator(type) || sent === '') return sent;
  try {
    return revealObfuscatedPassword(type, org.passwordObfuscatorKey, sent);
  } catch (error) {
    if (error instanceof ObfuscatedPasswordError) throw new AppError('passwordCipherInvalid', { type, organization: org.name });
    throw error;
  }
}

/**
 * A password given to set-password: decrypted when it is a ciphertext under the organization's key,
 * else taken as typed (Casdoor's rule: SDKs and plain API calls set passwords without encrypting).
 */
export function revealPasswordIfObfuscated(org: ObfuscatorSettings, sent: string): string {
  const type = org.passwordObfuscatorType;
  if (!isEncryptingObfuscator(type) || sent === '') return sent;
  try {
    return revealObfuscatedPassword(type, org.passwordObfuscatorKey, sent);
  } catch (error) {
    if (error instanceof ObfuscatedPasswordError) return sent;
    throw error;
  }
}
