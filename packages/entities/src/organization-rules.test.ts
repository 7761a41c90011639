import { describe, expect, it } from 'vitest';
import {
  type AccountItem,
  accountItemsProblem,
  defaultAccountItems,
  isPlaceholderItem,
  modifyRulesOf,
  REGEX_ACCOUNT_ITEMS,
} from './account-items.js';
import { COUNTRY_CODES } from './constants.js';
import { obfuscatorProblem, randomObfuscatorKey } from './password-obfuscator.js';

const item = (name: string, rest: Partial<AccountItem> = {}): AccountItem => ({
  name,
  visible: true,
  viewRule: 'Public',
  modifyRule: 'Self',
  regex: '',
  ...rest,
});

describe('account items', () => {
  it('accepts the default items', () => {
    expect(accountItemsProblem(defaultAccountItems())).toBeNull();
  });

  it('names each known item once; placeholder rows are not items', () => {
    expect(accountItemsProblem([item('Email'), item('Email')])).toEqual({
      key: 'accountItemRepeated',
      params: { name: 'Email' },
    });
    expect(accountItemsProblem([item('Shoe size')])).toEqual({ key: 'accountItemUnknown', params: { name: 'Shoe size' } });
    const placeholders = [item('Please select an account item'), item('Please select an account item ')];
    expect(placeholders.every(isPlaceholderItem)).toBe(true);
    expect(accountItemsProblem(placeholders)).toBeNull();
  });

  it('takes a regex only on the items that allow one, and only one that compiles', () => {
    expect(REGEX_ACCOUNT_ITEMS).toEqual([
      'Display name',
      'Password',
      'Email',
      'Phone',
      'Location',
      'Title',
      'Homepage',
      'Bio',
      'Gender',
      'Birthday',
      'Education',
      'ID card',
      'ID card type',
    ]);
    expect(accountItemsProblem([item('Email', { regex: '^.+@example\\.com$' })])).toBeNull();
    expect(accountItemsProblem([item('Tag', { regex: '^a$' })])).toEqual({
      key: 'accountItemRegexNotAllowed',
      params: { name: 'Tag' },
    });
    expect(accountItemsProblem([item('Bio', { regex: '([a-z' })])).toMatchObject({
      key: 'accountItemRegexInvalid',
      params: { name: 'Bio' },
    });
  });

  it('holds items only administrators see, and Is admin, to Admin or Immutable', () => {
    expect(modifyRulesOf({ name: 'Bio', viewRule: 'Public' })).toEqual(['Self', 'Admin', 'Immutable']);
    expect(modifyRulesOf({ name: 'Bio', viewRule: 'Admin' })).toEqual(['Admin', 'Immutable']);
    expect(modifyRulesOf({ name: 'Is admin', viewRule: 'Public' })).toEqual(['Admin', 'Immutable']);
    expect(accountItemsProblem([item('Bio', { viewRule: 'Admin', modifyRule: 'Self' })])).toEqual({
      key: 'accountItemModifyRule',
      params: { name: 'Bio', rule: 'Self' },
    });
    expect(accountItemsProblem([item('Is admin', { viewRule: 'Self', modifyRule: 'Self' })])).toMatchObject({
      key: 'accountItemModifyRule',
    });
    expect(accountItemsProblem([item('Is admin', { viewRule: 'Self', modifyRule: 'Immutable' })])).toBeNull();
  });
});

describe('password obfuscator settings', () => {
  it("checks the key against the type's pattern (Casdoor's message), Plain and empty need none", () => {
    expect(obfuscatorProblem('Plain', '')).toBeNull();
    expect(obfuscatorProblem('', 'whatever')).toBeNull();
    expect(obfuscatorProblem('AES', 'a'.repeat(32))).toBeNull();
    expect(obfuscatorProblem('DES', '1'.repeat(16))).toBeNull();
    expect(obfuscatorProblem('AES', '1'.repeat(16))).toEqual({
      key: 'passwordObfuscatorKeyMismatch',
      params: { regex: '^[1-9a-f]{32}$' },
    });
    expect(obfuscatorProblem('DES', '0'.repeat(16))).toEqual({
      key: 'passwordObfuscatorKeyMismatch',
      params: { regex: '^[1-9a-f]{16}$' },
    });
    expect(obfuscatorProblem('RC4', 'x')).toEqual({ key: 'passwordObfuscatorUnsupported', params: { type: 'RC4' } });
  });

  it('generates keys that pass the check, a new one each time', () => {
    for (const type of ['AES', 'DES'] as const) {
      const key = randomObfuscatorKey(type);
      expect(obfuscatorProblem(type, key)).toBeNull();
      expect(randomObfuscatorKey(type)).not.toBe(key);
    }
    expect(randomObfuscatorKey('Plain')).toBe('');
  });
});

describe('country codes', () => {
  it('are two capital letters, each once, US among them', () => {
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES).toContain('US');
  });
});
