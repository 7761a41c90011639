import { describe, expect, it } from 'vitest';
import { burnVerification, checkUserPassword, hashForOrganization } from './check.js';

// Vectors computed with python3 hashlib (see algorithms.test.ts):
// sha256: h(h('123') + ORG_SALT), h(h('123') + USER_SALT); md5: m(m('123') + ORG_SALT).
const ORG_SALT = '5a1d2e8f3c4b6a7d9e0f';
const USER_SALT = 'usersalt';
const SHA256_123_ORG_SALT = '0bb198c4da9e02516ce487181149e87fbe03f432bd383c4e7f442fcd328f7908';
const SHA256_123_USER_SALT = '7abd33a223938ab978cd6712668ccbc9567b1dd0ffddbf6ed74ac79529f70e59';
const MD5_123_ORG_SALT = 'f8d95eefba4d76fb3152f0fe5c5fa727';
const SHA256_123_LEGACY = '173af653133d964edfc16cafe0aba33c8f500a07f3ba3f81943916910c257705';
const GO_BCRYPT_ALLMINE = '$2a$10$XajjQvNhvvRt5GSeFk1xFeyqRrsxkhBkUiQeg0dt.wU1qD4aFDcga';

const org = (over: Partial<{ passwordType: string; passwordSalt: string; masterPassword: string }> = {}) => ({
  passwordType: 'salt',
  passwordSalt: ORG_SALT,
  masterPassword: '',
  ...over,
});
const user = (password: string, passwordType: string, passwordSalt = '') => ({ password, passwordType, passwordSalt });

const FAIL = { ok: false, viaMasterPassword: false, needsRehash: false };
const PASS = { ok: true, viaMasterPassword: false, needsRehash: false };
const MASTER = { ok: true, viaMasterPassword: true, needsRehash: false };

describe('checkUserPassword', () => {
  it("uses the user's type, falling back to the organization's, then plain", async () => {
    expect(await checkUserPassword({ password: '123', user: user(SHA256_123_ORG_SALT, 'salt'), organization: org() })).toEqual(
      PASS,
    );
    expect(await checkUserPassword({ password: '123', user: user(SHA256_123_ORG_SALT, ''), organization: org() })).toEqual(PASS);
    const plainOrg = org({ passwordType: '', passwordSalt: '' });
    expect(await checkUserPassword({ password: '123', user: user('123', ''), organization: plainOrg })).toEqual(PASS);
    expect(await checkUserPassword({ password: '124', user: user('123', ''), organization: plainOrg })).toEqual(FAIL);
  });

  it("accepts a hash made with either the organization's salt or the user's salt", async () => {
    const organization = org();
    expect(
      await checkUserPassword({ password: '123', user: user(SHA256_123_ORG_SALT, 'salt', USER_SALT), organization }),
    ).toEqual(PASS);
    expect(
      await checkUserPassword({ password: '123', user: user(SHA256_123_USER_SALT, 'salt', USER_SALT), organization }),
    ).toEqual(PASS);
    expect(await checkUserPassword({ password: '123', user: user(SHA256_123_USER_SALT, 'salt', 'other'), organization })).toEqual(
      FAIL,
    );
    expect(
      await checkUserPassword({ password: '124', user: user(SHA256_123_USER_SALT, 'salt', USER_SALT), organization }),
    ).toEqual(FAIL);
  });

  it('keeps the legacy empty-salt digest working when both salts are empty', async () => {
    const organization = org({ passwordSalt: '' });
    expect(await checkUserPassword({ password: '123', user: user(SHA256_123_LEGACY, 'salt'), organization })).toEqual(PASS);
  });

  it('never matches an empty stored password, nor an empty password', async () => {
    const plainOrg = org({ passwordType: 'plain', passwordSalt: '' });
    expect(await checkUserPassword({ password: '', user: user('', 'plain'), organization: plainOrg })).toEqual(FAIL);
    expect(await checkUserPassword({ password: 'x', user: user('', 'plain'), organization: plainOrg })).toEqual(FAIL);
    expect(await checkUserPassword({ password: '', user: user('', 'salt'), organization: org() })).toEqual(FAIL);
  });

  it("accepts the organization's master password in plain", async () => {
    const organization = org({ masterPassword: 'master-secret' });
    const someone = user(SHA256_123_ORG_SALT, 'salt');
    expect(await checkUserPassword({ password: 'master-secret', user: someone, organization })).toEqual(MASTER);
    expect(await checkUserPassword({ password: 'master-secre', user: someone, organization })).toEqual(FAIL);
    // The user's own password still works alongside it.
    expect(await checkUserPassword({ password: '123', user: someone, organization })).toEqual(PASS);
    // Even for a user without a password.
    expect(await checkUserPassword({ password: 'master-secret', user: user('', ''), organization })).toEqual(MASTER);
  });

  it("accepts a master password stored as a hash of the organization's type and salt", async () => {
    const organization = org({ masterPassword: SHA256_123_ORG_SALT });
    const someone = user(GO_BCRYPT_ALLMINE, 'bcrypt');
    expect(await checkUserPassword({ password: '123', user: someone, organization })).toEqual(MASTER);
    expect(await checkUserPassword({ password: '1234', user: someone, organization })).toEqual(FAIL);
    // The user's bcrypt hash needs rehashing to the organization's type.
    expect(await checkUserPassword({ password: 'allmine', user: someone, organization })).toEqual({ ...PASS, needsRehash: true });
  });

  it('asks for a rehash only when a normal match used another type than the organization', async () => {
    const organization = org();
    expect(await checkUserPassword({ password: '123', user: user(MD5_123_ORG_SALT, 'md5-salt'), organization })).toEqual({
      ...PASS,
      needsRehash: true,
    });
    expect(await checkUserPassword({ password: '124', user: user(MD5_123_ORG_SALT, 'md5-salt'), organization })).toEqual(FAIL);
    expect(await checkUserPassword({ password: '123', user: user(SHA256_123_ORG_SALT, 'salt'), organization })).toEqual(PASS);
  });

  it('refuses an unknown password type', async () => {
    await expect(checkUserPassword({ password: '123', user: user('123', 'rot13'), organization: org() })).rejects.toThrow(
      /Unsupported password type/,
    );
  });
});

describe('hashForOrganization', () => {
  it("hashes with the organization's type and salt", async () => {
    expect(await hashForOrganization('123', { passwordType: 'salt', passwordSalt: ORG_SALT })).toEqual({
      password: SHA256_123_ORG_SALT,
      passwordType: 'salt',
      passwordSalt: ORG_SALT,
    });
  });

  it('draws a new salt when the organization has none, and the result verifies', async () => {
    const organization = org({ passwordType: 'md5-salt', passwordSalt: '' });
    const stored = await hashForOrganization('Tr0ub4dour&3', organization);
    expect(stored.passwordType).toBe('md5-salt');
    expect(stored.passwordSalt).toMatch(/^[0-9a-f]{20}$/);
    expect(stored.password).toMatch(/^[0-9a-f]{32}$/);
    expect(await checkUserPassword({ password: 'Tr0ub4dour&3', user: stored, organization })).toEqual(PASS);
  });

  it('defaults to plain when the organization names no type', async () => {
    const stored = await hashForOrganization('secret', { passwordType: '', passwordSalt: 'x' });
    expect(stored).toEqual({ password: 'secret', passwordType: 'plain', passwordSalt: 'x' });
  });
});

describe('burnVerification', () => {
  it('spends about one bcrypt check', async () => {
    const started = performance.now();
    await burnVerification();
    expect(performance.now() - started).toBeGreaterThan(5);
  });
});
