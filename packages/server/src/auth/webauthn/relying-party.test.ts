import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { relyingPartyFor } from './relying-party.js';

describe('the relying party of passkeys', () => {
  it('is the origin and its host name (without the port)', () => {
    expect(relyingPartyFor('https://id.example.com')).toEqual({ id: 'id.example.com', origin: 'https://id.example.com' });
    expect(relyingPartyFor('http://localhost:18602')).toEqual({ id: 'localhost', origin: 'http://localhost:18602' });
  });

  it('refuses an IP address, which browsers do not take as an RP ID', () => {
    for (const [origin, host] of [
      ['http://127.0.0.1:8000', '127.0.0.1'],
      ['http://[::1]:8000', '::1'],
    ] as const) {
      const refusal = (() => {
        try {
          relyingPartyFor(origin);
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ key: 'webauthnNeedsDomain', params: { host } });
    }
  });
});
