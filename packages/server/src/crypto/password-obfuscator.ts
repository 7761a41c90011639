import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type EncryptingObfuscator, OBFUSCATOR_BLOCK_BYTES } from '@gatehouse/entities';

/**
 * The server's half of the password obfuscator (Casdoor's util/obfuscator.go): a password arrives
 * as hex of a random IV followed by the CBC ciphertext (PKCS#7 padding) under the organization's
 * key, AES-128 or DES. Node 20's OpenSSL 3 keeps single DES in its legacy provider only, so DES
 * runs as triple DES with the key three times (EDE with K1 = K2 = K3 is single DES).
 */

function cipherOf(type: EncryptingObfuscator, keyHex: string): { algorithm: string; key: Buffer } {
  const key = Buffer.from(keyHex, 'hex');
  if (type === 'AES') return { algorithm: 'aes-128-cbc', key };
  return { algorithm: 'des-ede3-cbc', key: Buffer.concat([key, key, key]) };
}

/** Why a ciphertext could not be read (the caller turns it into the user's message). */
export class ObfuscatedPasswordError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ObfuscatedPasswordError';
  }
}

/**
 * The password `cipherHex` encrypts under `keyHex` (a key the organization's check accepted).
 * Throws ObfuscatedPasswordError for anything that is not such a ciphertext: not hex, no IV, a
 * length that is no multiple of the block, or padding that does not check out (a wrong key).
 */
export function revealObfuscatedPassword(type: EncryptingObfuscator, keyHex: string, cipherHex: string): string {
  const block = OBFUSCATOR_BLOCK_BYTES[type];
  if (!/^([0-9a-fA-F]{2})*$/.test(cipherHex)) throw new ObfuscatedPasswordError('not hexadecimal');
  const bytes = Buffer.from(cipherHex, 'hex');
  if (bytes.length < 2 * block || bytes.length % block !== 0)
    throw new ObfuscatedPasswordError(`not a ${block}-byte IV followed by whole ${block}-byte blocks`);
  const { algorithm, key } = cipherOf(type, keyHex);
  const decipher = createDecipheriv(algorithm, key, bytes.subarray(0, block));
  try {
    const plain = Buffer.concat([decipher.update(bytes.subarray(block)), decipher.final()]);
    return plain.toString('utf8');
  } catch {
    throw new ObfuscatedPasswordError('the padding does not check out (another key?)');
  }
}

/** Encrypts as the sign-in page does (random IV first, hex): for tests and tools. */
export function obfuscatePassword(type: EncryptingObfuscator, keyHex: string, password: string): string {
  const block = OBFUSCATOR_BLOCK_BYTES[type];
  const iv = randomBytes(block);
  const { algorithm, key } = cipherOf(type, keyHex);
  const cipher = createCipheriv(algorithm, key, iv);
  return Buffer.concat([iv, cipher.update(password, 'utf8'), cipher.final()]).toString('hex');
}
