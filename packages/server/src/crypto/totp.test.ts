import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCode, newTotpSecret, recoveryCodeHash, totpStep, totpUrl } from './totp.js';

const at = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('authenticator codes', () => {
  it('makes 20-byte base32 secrets and the otpauth URL apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(totpUrl(secret, 'Acme Corp', 'acme/alice'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Acme Corp:acme/alice');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      issuer: 'Acme Corp',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it("accepts the code of the period and of each neighbour, answering the code's period", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, at(secret, now), now)).toBe(step);
    expect(totpStep(secret, at(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, at(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, at(secret, now - 60_000), now)).toBeNull();
    expect(totpStep(secret, at(secret, now + 60_000), now)).toBeNull();
  });

  it('refuses what is no code, and secrets that are no base32', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const code = at(secret, now);
    expect(totpStep(secret, ` ${code.slice(0, 3)} ${code.slice(3)} `, now)).not.toBeNull();
    for (const wrong of ['', '12345', '1234567', 'abcdef']) expect(totpStep(secret, wrong, now)).toBeNull();
    expect(totpStep('not base32!', code, now)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are random UUIDs kept as a hash that ignores case and spaces around', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newRecoveryCode()).not.toBe(code);
    expect(recoveryCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(` ${code.toUpperCase()} `)).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).not.toBe(recoveryCodeHash(newRecoveryCode()));
  });
});
