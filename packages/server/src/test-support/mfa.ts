import type { Envelope } from '@gatehouse/entities';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';

/**
 * What MFA tests share: an authenticator app's codes, computed with otpauth as an app would, and a
 * complete setup of the app method through the API (initiate, verify with a code, enable).
 */

/** The app's code of the period `offset` periods from now (0: the current one). */
export function totpCode(secret: string, offset = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 });
}

/** A client of the API that posts JSON (ApiClient or CookieBrowser). */
interface Poster {
  post(path: string, body?: unknown, query?: Record<string, string>): Promise<Envelope<any, any>>;
}

export function expectOk(envelope: { status: string; msg: string }, what = 'call'): void {
  expect(envelope.status, `${what}: ${envelope.msg}`).toBe('ok');
}

/** Sets up the authenticator app of owner/name as `client` (the user); answers its secret and recovery code. */
export async function enrolApp(client: Poster, owner: string, name: string): Promise<{ secret: string; recoveryCode: string }> {
  const initiated = await client.post('/api/mfa/setup/initiate', { owner, name, mfaType: 'app' });
  expectOk(initiated, 'initiate');
  const secret = String(initiated.data.secret);
  const recoveryCode = String(initiated.data.recoveryCodes[0]);
  expectOk(
    await client.post('/api/mfa/setup/verify', { owner, name, mfaType: 'app', secret, passcode: totpCode(secret) }),
    'verify',
  );
  expectOk(
    await client.post('/api/mfa/setup/enable', { owner, name, mfaType: 'app', secret, recoveryCodes: recoveryCode }),
    'enable',
  );
  return { secret, recoveryCode };
}
