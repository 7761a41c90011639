import { describe, expect, it } from 'vitest';
import { decodeJwt } from './decode-jwt';

const b64 = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('decodeJwt', () => {
  it('shows header and payload as indented JSON', () => {
    const decoded = decodeJwt(`${b64({ alg: 'RS256', kid: 'cert-built-in' })}.${b64({ sub: 'u', name: 'Zoë' })}.sig`);
    expect(decoded).toEqual({
      ok: true,
      hasAlg: true,
      text: '{\n  "alg": "RS256",\n  "kid": "cert-built-in"\n}\n{\n  "sub": "u",\n  "name": "Zoë"\n}',
    });
  });
  it('tells whether the header names an algorithm', () => {
    const decoded = decodeJwt(`${b64({ typ: 'JWT' })}.${b64({})}.`);
    expect(decoded.ok && decoded.hasAlg).toBe(false);
  });
  it('explains what it cannot decode', () => {
    expect(decodeJwt('not-a-jwt')).toEqual({ ok: false, error: 'a JWT has three dot-separated parts' });
    expect(decodeJwt('a.b.c').ok).toBe(false);
  });
});
