import {
  type EncryptingObfuscator,
  isEncryptingObfuscator,
  OBFUSCATOR_BLOCK_BYTES,
  type ObfuscatorProblem,
  obfuscatorProblem,
} from '@gatehouse/entities/plain';

/**
 * The sign-in pages' half of the password obfuscator (Casdoor's web/src/auth/Obfuscator.js): when
 * the organization of the application configures AES or DES, the password leaves the browser as
 * hex of a random IV followed by the CBC ciphertext (PKCS#7) under the organization's key, which
 * the page got with the application. crypto-js (as in Casdoor) is loaded only then: the browser's
 * Web Crypto has no DES.
 */

/** The organization's settings are unusable (a key that does not fit its type): nothing is sent. */
export class ObfuscatorSettingsError extends Error {
  constructor(readonly problem: ObfuscatorProblem) {
    super(problem.key);
    this.name = 'ObfuscatorSettingsError';
  }
}

async function loadCryptoJs() {
  // The cipher modules register AES and DES on the core object.
  const [core] = await Promise.all([import('crypto-js/core'), import('crypto-js/aes'), import('crypto-js/tripledes')]);
  return core.default;
}

async function encrypt(type: EncryptingObfuscator, keyHex: string, password: string): Promise<string> {
  const CryptoJS = await loadCryptoJs();
  const iv = CryptoJS.lib.WordArray.random(OBFUSCATOR_BLOCK_BYTES[type]);
  const cipher = type === 'AES' ? CryptoJS.AES : CryptoJS.DES;
  const encrypted = cipher.encrypt(CryptoJS.enc.Utf8.parse(password), CryptoJS.enc.Hex.parse(keyHex), {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  return iv.clone().concat(encrypted.ciphertext).toString(CryptoJS.enc.Hex);
}

/**
 * The password as the sign-in request carries it for an organization record (the application's
 * organizationObj): encrypted under AES or DES, else as typed. An empty password stays empty.
 */
export async function obfuscatedPassword(
  organization: Record<string, unknown> | null | undefined,
  password: string,
): Promise<string> {
  const type = organization?.passwordObfuscatorType;
  if (!isEncryptingObfuscator(type) || password === '') return password;
  const key = typeof organization?.passwordObfuscatorKey === 'string' ? organization.passwordObfuscatorKey : '';
  const problem = obfuscatorProblem(type, key);
  if (problem) throw new ObfuscatorSettingsError(problem);
  return encrypt(type, key, password);
}
