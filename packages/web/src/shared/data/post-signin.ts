import type { Envelope } from '@gatehouse/entities';
import { WEBAUTHN_SIGNIN_METHOD } from '@gatehouse/entities/plain';
import { type Rec, request } from './client';

/**
 * POST /api/login with the sign-in request `body` (+ `query`), or, when it signs in with a passkey
 * (signinMethod WebAuthn), the passkey ceremony for the same request: the same answer either way.
 * The ceremony's code loads only for a passkey.
 */
export async function postSignin<D = unknown, D2 = unknown>(body: Rec, query?: Record<string, string>): Promise<Envelope<D, D2>> {
  if (body.signinMethod === WEBAUTHN_SIGNIN_METHOD) return (await import('./webauthn')).passkeySignin<D, D2>(body, query);
  return request<D, D2>('POST', '/api/login', { query, body });
}
