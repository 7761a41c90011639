import { providerRuleAdmits as ruleAdmits } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { emailReceiver, phoneReceiver, regionsOf } from '../auth/verification/targets.js';
import {
  codeMatches,
  generateCode,
  grantHashOf,
  hashCode,
  maskEmail,
  maskPhone,
  newGrant,
  sameHash,
} from './verification-codes.js';

describe('verification codes', () => {
  it('are six random digits', () => {
    const codes = new Set(Array.from({ length: 50 }, () => generateCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(40);
  });

  it('are stored as a salted hash that only the code matches', () => {
    const stored = hashCode('123456');
    expect(stored).toMatch(/^[0-9a-f]{16}:[0-9a-f]{64}$/);
    expect(stored).not.toContain('123456');
    expect(hashCode('123456')).not.toBe(stored);
    expect(codeMatches(stored, '123456')).toBe(true);
    expect(codeMatches(stored, ' 123456 ')).toBe(true);
    expect(codeMatches(stored, '123457')).toBe(false);
    expect(codeMatches(stored, '')).toBe(false);
    expect(codeMatches('broken', '123456')).toBe(false);
  });

  it('grant set-password tokens kept as a hash', () => {
    const grant = newGrant();
    expect(grant.token).toMatch(/^[\w-]{32}$/);
    expect(sameHash(grant.hash, grantHashOf(grant.token))).toBe(true);
    expect(sameHash(grant.hash, grantHashOf(`${grant.token}x`))).toBe(false);
  });
});

describe('masks (Casdoor util.GetMaskedEmail / GetMaskedPhone)', () => {
  it('hide all but the ends of an address and the middle of a number', () => {
    expect(maskEmail('alice@example.com')).toBe('a***e@e*****e.com');
    expect(maskEmail('al@mail.example.org')).toBe('al@mail.e*****e.org');
    expect(maskEmail('not an address')).toBe('not an address');
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('2025550123')).toBe('202****0123');
  });
});

describe('receivers and rules', () => {
  it('record e-mail addresses in lower case and phone numbers in E.164', () => {
    expect(emailReceiver(' Alice@Example.COM ')).toBe('alice@example.com');
    expect(phoneReceiver('(202) 555-0123', ['US'])).toBe('+12025550123');
    expect(phoneReceiver('+8613812345678', [])).toBe('+8613812345678');
    expect(phoneReceiver('12', ['US'])).toBeNull();
    expect(regionsOf({ countryCodes: ['US', 'CN'] }, 'CN', '')).toEqual(['CN', 'US']);
  });

  it("admit a method as Casdoor's provider rows do", () => {
    for (const rule of ['', 'All', 'all', 'None', 'login']) expect(ruleAdmits(rule, 'login'), rule).toBe(true);
    expect(ruleAdmits('signup', 'login')).toBe(false);
    expect(ruleAdmits(undefined, 'forget')).toBe(true);
  });
});
