import { createHash, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (RFC 6238, as Casdoor's object/mfa_totp.go sets them up: SHA-1, six
 * digits, 30 seconds, a 20-byte secret in base32) and recovery codes.
 */

const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** Codes of the previous and the next period are accepted too (Casdoor's skew of 1). */
const WINDOW = 1;

/** A new secret, in base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads from the QR code (issuer: the organization; label: owner/name). */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
  }).toString();
}

function secretOf(base32: string): Secret | null {
  try {
    return Secret.fromBase32(base32);
  } catch {
    return null;
  }
}

/**
 * The time step of `code` if it is the secret's code of now (within the window), else null: a step
 * that signed in once is refused afterwards (the caller claims it), so a code seen over a shoulder
 * cannot be replayed.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const key = secretOf(secret);
  const token = code.replace(/\s/g, '');
  if (!key || !/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: key,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    window: WINDOW,
    timestamp: now,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** A new recovery code (a UUID, as Casdoor's); only its hash is stored. */
export function newRecoveryCode(): string {
  return randomUUID();
}

/** The stored form of a recovery code (SHA-256 hex; the code has 122 random bits, so no salt is needed). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}
