/** Randomness and time helpers usable in Node and in browsers (Web Crypto). */

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of lowercase letters and digits. */
export function randomId(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}

/** A random string of hex digits (`length` characters). */
export function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

/** Current time as RFC 3339 in UTC without fractions, the format records carry (sorts as text). */
export function nowRfc3339(date = new Date()): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
