import { obfuscatorProblem } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import {
  accountItemsProblem,
  obfuscatorKeyProblem,
  organizationFieldVisible,
  organizationValuesChange,
  tagOption,
} from './organization-rules';

describe('organization form rules', () => {
  it('shows the dark logo with its switch, the key for AES and DES, privilege consent on built-in only', () => {
    expect(organizationFieldVisible('logoDark', { enableDarkLogo: false })).toBe(false);
    expect(organizationFieldVisible('logoDark', { enableDarkLogo: true })).toBe(true);
    for (const type of ['Plain', '', undefined]) {
      expect(organizationFieldVisible('passwordObfuscatorKey', { passwordObfuscatorType: type })).toBe(false);
    }
    expect(organizationFieldVisible('passwordObfuscatorKey', { passwordObfuscatorType: 'AES' })).toBe(true);
    expect(organizationFieldVisible('passwordObfuscatorKey', { passwordObfuscatorType: 'DES' })).toBe(true);
    expect(organizationFieldVisible('hasPrivilegeConsent', { name: 'built-in' })).toBe(true);
    expect(organizationFieldVisible('hasPrivilegeConsent', { name: 'acme' })).toBe(false);
    expect(organizationFieldVisible('displayName', {})).toBe(true);
  });

  it('clears the dark logo with its switch and gives a chosen obfuscator type a key of its own', () => {
    expect(organizationValuesChange({ enableDarkLogo: false })).toEqual({ logoDark: '' });
    expect(organizationValuesChange({ enableDarkLogo: true })).toBeUndefined();
    expect(organizationValuesChange({ passwordObfuscatorType: 'Plain' })).toEqual({ passwordObfuscatorKey: '' });
    for (const type of ['AES', 'DES']) {
      const key = String(organizationValuesChange({ passwordObfuscatorType: type })?.passwordObfuscatorKey);
      expect(obfuscatorProblem(type, key)).toBeNull();
    }
  });

  it('holds the key to its type and the account items to regexes that compile', () => {
    expect(obfuscatorKeyProblem('123', { passwordObfuscatorType: 'AES' })).toBe('organization.obfuscatorKeyAES');
    expect(obfuscatorKeyProblem('123', { passwordObfuscatorType: 'DES' })).toBe('organization.obfuscatorKeyDES');
    expect(obfuscatorKeyProblem('1'.repeat(16), { passwordObfuscatorType: 'DES' })).toBeNull();
    expect(obfuscatorKeyProblem('', { passwordObfuscatorType: 'Plain' })).toBeNull();
    const row = { name: 'Bio', visible: true, viewRule: 'Public', modifyRule: 'Self', regex: '([a-z' };
    expect(accountItemsProblem(JSON.stringify([row]))).toBe('organization.accountItemRegexInvalid');
    expect(accountItemsProblem(JSON.stringify([{ ...row, regex: '^[a-z]+$' }]))).toBeNull();
  });

  it('shows a tag by its label on Chinese pages, by its value elsewhere', () => {
    expect(tagOption('vip|贵宾', 'zh')).toEqual({ value: 'vip', label: '贵宾' });
    expect(tagOption('vip|贵宾', 'en')).toEqual({ value: 'vip', label: 'vip' });
    expect(tagOption('staff', 'zh')).toEqual({ value: 'staff', label: 'staff' });
  });
});
