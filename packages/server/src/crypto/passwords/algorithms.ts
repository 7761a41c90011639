/**
 * Password hashing for the eight password types, byte-compatible with Casdoor's `cred` package so
 * that users imported from (or shared with) a Casdoor database keep signing in.
 */
import { createHash, pbkdf2 as pbkdf2Callback, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { isOneOf, PASSWORD_TYPES, type PasswordType } from '@gatehouse/entities';
import { type Algorithm, hashRaw as argon2HashRaw, type Version } from '@node-rs/argon2';
import { hash as bcryptHash, verify as bcryptVerify } from '@node-rs/bcrypt';

const pbkdf2 = promisify(pbkdf2Callback);

// The argon2 typings declare const enums, which isolatedModules cannot read at run time.
const ARGON2ID = 2 as Algorithm.Argon2id;
const ARGON2_V19 = 1 as Version.V0x13;

/** alexedwards/argon2id DefaultParams, which Casdoor uses. */
const ARGON2_DEFAULTS = { memoryKiB: 65536, iterations: 1, parallelism: 2, saltLength: 16, keyLength: 32 } as const;
/**
 * A stored hash asking for more memory than this is refused rather than computed: a failed native
 * allocation would abort the process. 2 GiB is RFC 9106's first recommended setting.
 */
const ARGON2_MAX_MEMORY_KIB = 2 * 1024 * 1024;
const BCRYPT_COST = 10;
const KEYCLOAK_ITERATIONS = 27500;
const KEYCLOAK_KEY_LENGTH = 64;
const DJANGO_ITERATIONS = 260000;
const DJANGO_KEY_LENGTH = 32;
const DJANGO_SALT_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function isPasswordType(value: string): value is PasswordType {
  return isOneOf(PASSWORD_TYPES, value);
}

/** A random salt as Casdoor generates it: 20 lowercase hex characters. */
export function newSalt(): string {
  return randomBytes(10).toString('hex');
}

export async function hashPassword(type: PasswordType, password: string, salt: string): Promise<string> {
  switch (type) {
    case 'plain':
      return password;
    case 'salt':
      return saltedHex('sha256', password, salt);
    case 'sha512-salt':
      return saltedHex('sha512', password, salt);
    case 'md5-salt':
      return saltedHex('md5', password, salt);
    case 'bcrypt':
      // Go's x/crypto/bcrypt writes $2a$; the library would default to $2b$.
      return bcryptHash(password, { cost: BCRYPT_COST, version: '2a' });
    case 'pbkdf2-salt':
      return keycloakHash(password, salt);
    case 'argon2id':
      return argon2idHash(password);
    case 'pbkdf2-django':
      return djangoHash(password, salt || randomDjangoSalt(), DJANGO_ITERATIONS);
    default:
      throw unknownType(type);
  }
}

export async function verifyPassword(type: PasswordType, password: string, stored: string, salt: string): Promise<boolean> {
  switch (type) {
    case 'plain':
      return safeEqual(password, stored);
    case 'salt':
      return verifySaltedHex('sha256', password, stored, salt);
    case 'sha512-salt':
      return verifySaltedHex('sha512', password, stored, salt);
    case 'md5-salt':
      return verifySaltedHex('md5', password, stored, salt);
    case 'bcrypt':
      // Malformed hashes reject or return false; either way the password does not match.
      return bcryptVerify(password, stored).catch(() => false);
    case 'pbkdf2-salt':
      return safeEqual(await keycloakHash(password, salt), stored);
    case 'argon2id':
      return argon2idVerify(password, stored);
    case 'pbkdf2-django':
      return djangoVerify(password, stored);
    default:
      throw unknownType(type);
  }
}

function unknownType(type: never): Error {
  return new Error(`Unsupported password type: ${String(type)}`);
}

/** Compares two strings in time that depends only on their lengths. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Still do the work, so a length mismatch costs about as much as a content mismatch.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

// ---- salt / sha512-salt / md5-salt ----

type HexAlgorithm = 'sha256' | 'sha512' | 'md5';

function hexDigest(algorithm: HexAlgorithm, value: string): string {
  return createHash(algorithm).update(value, 'utf8').digest('hex');
}

function saltedHex(algorithm: HexAlgorithm, password: string, salt: string): string {
  const digest = hexDigest(algorithm, password);
  return salt === '' ? digest : hexDigest(algorithm, digest + salt);
}

function verifySaltedHex(algorithm: HexAlgorithm, password: string, stored: string, salt: string): boolean {
  const current = safeEqual(saltedHex(algorithm, password, salt), stored);
  if (salt !== '') return current;
  // Older Casdoor versions always applied the second round, even with an empty salt.
  const legacy = safeEqual(hexDigest(algorithm, hexDigest(algorithm, password)), stored);
  return current || legacy;
}

// ---- pbkdf2-salt (Keycloak) ----

async function keycloakHash(password: string, salt: string): Promise<string> {
  const key = await pbkdf2(password, decodeStdBase64(salt), KEYCLOAK_ITERATIONS, KEYCLOAK_KEY_LENGTH, 'sha256');
  return key.toString('base64');
}

const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Standard padded base64 as Go's base64.StdEncoding reads it (line breaks skipped, non-zero
 * trailing bits tolerated); anything else yields no bytes, where Buffer.from would guess.
 */
export function decodeStdBase64(value: string): Buffer {
  const compact = value.replace(/[\r\n]/g, '');
  return STD_BASE64.test(compact) ? Buffer.from(compact, 'base64') : Buffer.alloc(0);
}

// ---- argon2id (alexedwards/argon2id encoding) ----

async function argon2idHash(password: string): Promise<string> {
  const { memoryKiB, iterations, parallelism, saltLength, keyLength } = ARGON2_DEFAULTS;
  const salt = randomBytes(saltLength);
  const key = await argon2HashRaw(password, {
    algorithm: ARGON2ID,
    version: ARGON2_V19,
    memoryCost: memoryKiB,
    timeCost: iterations,
    parallelism,
    outputLen: keyLength,
    salt,
  });
  return `$argon2id$v=19$m=${memoryKiB},t=${iterations},p=${parallelism}$${encodeRawBase64(salt)}$${encodeRawBase64(key)}`;
}

interface Argon2Encoded {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  salt: Buffer;
  key: Buffer;
}

/** Parses `$argon2id$v=19$m=..,t=..,p=..$salt$key` the way alexedwards/argon2id's decodeHash does. */
function parseArgon2id(encoded: string): Argon2Encoded | null {
  const fields = encoded.split('$');
  if (fields.length !== 6 || fields[0] !== '' || fields[1] !== 'argon2id' || fields[2] !== 'v=19') return null;
  const params = /^m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})$/.exec(fields[3]);
  if (!params) return null;
  const [memoryKiB, iterations, parallelism] = [Number(params[1]), Number(params[2]), Number(params[3])];
  if (memoryKiB > ARGON2_MAX_MEMORY_KIB || iterations < 1 || iterations > 0xffffffff || parallelism < 1 || parallelism > 255) {
    return null;
  }
  const salt = decodeRawBase64(fields[4]);
  const key = decodeRawBase64(fields[5]);
  if (!salt || !key || key.length === 0) return null;
  return { memoryKiB, iterations, parallelism, salt, key };
}

async function argon2idVerify(password: string, stored: string): Promise<boolean> {
  const parsed = parseArgon2id(stored);
  if (!parsed) return false;
  try {
    const key = await argon2HashRaw(password, {
      algorithm: ARGON2ID,
      version: ARGON2_V19,
      memoryCost: parsed.memoryKiB,
      timeCost: parsed.iterations,
      parallelism: parsed.parallelism,
      outputLen: parsed.key.length,
      salt: parsed.salt,
    });
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  } catch {
    // Parameters the library refuses (e.g. too little memory for the lanes) cannot match.
    return false;
  }
}

function encodeRawBase64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/** Unpadded base64 with canonical trailing bits (Go's RawStdEncoding.Strict()), or null. */
function decodeRawBase64(value: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]*$/.test(value) || value.length % 4 === 1) return null;
  const bytes = Buffer.from(value, 'base64');
  return encodeRawBase64(bytes) === value ? bytes : null;
}

// ---- pbkdf2-django ----

async function djangoKey(password: string, salt: string, iterations: number): Promise<string> {
  const key = await pbkdf2(password, Buffer.from(salt, 'utf8'), iterations, DJANGO_KEY_LENGTH, 'sha256');
  return key.toString('base64');
}

async function djangoHash(password: string, salt: string, iterations: number): Promise<string> {
  return `pbkdf2_sha256$${iterations}$${salt}$${await djangoKey(password, salt, iterations)}`;
}

async function djangoVerify(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== 'pbkdf2_sha256' || !/^\d{1,10}$/.test(parts[1])) return false;
  const iterations = Number(parts[1]);
  // Node's pbkdf2 takes a signed 32-bit count of at least one.
  if (iterations < 1 || iterations > 0x7fffffff) return false;
  // Only the key is compared, as Casdoor does, so a spelling such as 0260000 still verifies.
  return safeEqual(await djangoKey(password, parts[2], iterations), parts[3]);
}

/** Django's get_random_string(22): alphanumeric, unbiased. */
function randomDjangoSalt(): string {
  let salt = '';
  for (let i = 0; i < 22; i++) salt += DJANGO_SALT_CHARS[randomInt(DJANGO_SALT_CHARS.length)];
  return salt;
}
