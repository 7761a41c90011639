import { describe, expect, it } from 'vitest';
import { actionOf, maskedUri, maskSecrets, responseOf } from './recording.js';

describe('audit record values', () => {
  it('masks every secret by its name, at any depth, and files by their size', () => {
    expect(
      maskSecrets({
        username: 'alice',
        password: 'pw',
        samlResponse: 'PHNhbWw+',
        mfa: { passcode: '123456', recoveryCode: 'r', method: 'app' },
        rows: [{ accessKey: 'k', accessSecret: 's', name: 'kept' }],
        file: Buffer.from('hello'),
        emptyPassword: '',
      }),
    ).toEqual({
      username: 'alice',
      password: '***',
      samlResponse: '***',
      mfa: { passcode: '***', recoveryCode: '***', method: 'app' },
      rows: [{ accessKey: '***', accessSecret: '***', name: 'kept' }],
      file: '(file, 5 bytes)',
      emptyPassword: '',
    });
  });

  it('masks secret query parameters of the address', () => {
    expect(maskedUri('/api/update-user?id=a%2Fb&accessToken=t&clientSecret=s')).toBe(
      '/api/update-user?id=a%2Fb&accessToken=***&clientSecret=***',
    );
    expect(maskedUri('/api/logout')).toBe('/api/logout');
  });

  it("keeps the envelope's status and message, or an OAuth error, never the data", () => {
    expect(responseOf('{"status":"ok","msg":"","data":"built-in/admin"}')).toBe('{status:"ok", msg:""}');
    expect(responseOf('{"status":"error","msg":"Wrong password"}')).toBe('{status:"error", msg:"Wrong password"}');
    expect(responseOf('{"error":"invalid_client","error_description":"Invalid client_secret"}')).toBe(
      '{status:"error", msg:"Invalid client_secret"}',
    );
    expect(responseOf('{"access_token":"eyJ...","token_type":"Bearer"}')).toBe('{status:"ok", msg:""}');
    expect(responseOf(undefined)).toBe('{status:"", msg:""}');
  });

  it("takes Casdoor's action from the path: a payment notification is notify-payment", () => {
    expect(actionOf('/api/update-user')).toBe('update-user');
    expect(actionOf('/api/login/oauth/access_token')).toBe('login/oauth/access_token');
    expect(actionOf('/api/notify-payment/acme/payment_1')).toBe('notify-payment');
  });
});
