/**
 * The organization's password obfuscator (Casdoor's): the sign-in page encrypts the password with
 * AES-128-CBC or DES-CBC under the organization's key (a random IV first, all in hex) and the server
 * reverses it before checking the password. Shared by the server, which refuses a key that does not
 * fit its type, and the console, which generates keys and encrypts. No zod: the sign-in page imports it.
 */

/** Obfuscator types that encrypt (Plain and '' send the password as typed). */
export const ENCRYPTING_OBFUSCATORS = ['AES', 'DES'] as const;
export type EncryptingObfuscator = (typeof ENCRYPTING_OBFUSCATORS)[number];

/** Key length in hex digits: 16 bytes for AES (AES-128), 8 for DES. */
export const OBFUSCATOR_KEY_LENGTH: Record<EncryptingObfuscator, number> = { AES: 32, DES: 16 };

/** Keys are hex digits without 0, as Casdoor generates and checks them. */
export const OBFUSCATOR_KEY_PATTERNS: Record<EncryptingObfuscator, RegExp> = {
  DES: /^[1-9a-f]{16}$/,
  AES: /^[1-9a-f]{32}$/,
};

/** Block (and IV) size in bytes of each encrypting type. */
export const OBFUSCATOR_BLOCK_BYTES: Record<EncryptingObfuscator, number> = { AES: 16, DES: 8 };

const KEY_DIGITS = '123456789abcdef';

/** Whether passwords of this obfuscator type travel encrypted. */
export function isEncryptingObfuscator(type: unknown): type is EncryptingObfuscator {
  return type === 'AES' || type === 'DES';
}

/** A random key of the type's length (an empty key for Plain and anything else). */
export function randomObfuscatorKey(type: string): string {
  if (!isEncryptingObfuscator(type)) return '';
  const length = OBFUSCATOR_KEY_LENGTH[type];
  // Rejection sampling keeps every digit equally likely (256 is not a multiple of 15).
  const limit = 256 - (256 % KEY_DIGITS.length);
  let key = '';
  while (key.length < length) {
    const bytes = new Uint8Array(length);
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) if (byte < limit && key.length < length) key += KEY_DIGITS[byte % KEY_DIGITS.length];
  }
  return key;
}

/** What is wrong with an obfuscator type and key (Casdoor's check), or null. */
export type ObfuscatorProblem =
  | { key: 'passwordObfuscatorKeyMismatch'; params: { regex: string } }
  | { key: 'passwordObfuscatorUnsupported'; params: { type: string } };

export function obfuscatorProblem(type: string, key: string): ObfuscatorProblem | null {
  if (type === 'Plain' || type === '') return null;
  if (!isEncryptingObfuscator(type)) return { key: 'passwordObfuscatorUnsupported', params: { type } };
  const pattern = OBFUSCATOR_KEY_PATTERNS[type];
  return pattern.test(key) ? null : { key: 'passwordObfuscatorKeyMismatch', params: { regex: pattern.source } };
}
