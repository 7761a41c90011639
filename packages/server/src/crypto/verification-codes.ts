import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The codes themselves: six random digits (node:crypto), kept only as a salted hash. A code lives
 * minutes and allows a few tries, so a hash is enough to keep a database reader from reading the
 * codes still waiting to be used.
 */

export const CODE_LENGTH = 6;
/** Wrong tries a code survives; the last one burns it. */
export const MAX_CODE_ATTEMPTS = 5;

export function generateCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** "salt:sha256(salt:code)" */
export function hashCode(code: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}:${digest(salt, code)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash || code === '') return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(digest(salt, code.trim()), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A random token and the hash stored for it (the permission verify-code grants to set-password). */
export function newGrant(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: grantHashOf(token) };
}

export function grantHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Casdoor's mask of an e-mail address: a***e@e*****e.com (parts of two letters or fewer stay). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).split('.');
  if (domain.length >= 2) domain[domain.length - 2] = maskPart(domain[domain.length - 2] ?? '');
  return `${maskPart(local)}@${domain.join('.')}`;
}

function maskPart(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= 2) return text;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Casdoor's mask of a phone number: the first three and the last four digits stay (138****5678). */
export function maskPhone(phone: string): string {
  return phone.replace(/(\d{3})\d*(\d{4})/, '$1****$2');
}
