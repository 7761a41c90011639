import { PASSWORD_TYPES, type PasswordType } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { decodeStdBase64, hashPassword, isPasswordType, newSalt, safeEqual, verifyPassword } from './algorithms.js';

/*
 * Known vectors, none of them produced by this module:
 * - sha256 / sha512 / md5: python3 hashlib, e.g.
 *     h = lambda s: hashlib.sha256(s.encode()).hexdigest(); h(h('123') + '5a1d2e8f3c4b6a7d9e0f')
 *   plus the well-known SHA-256("123456") quoted in Casdoor's cred/sha256-salt_test.go.
 * - pbkdf2-salt: base64.b64encode(hashlib.pbkdf2_hmac('sha256', pw.encode(), base64.b64decode(salt), 27500, 64)).
 * - pbkdf2-django: Django's own test vectors for make_password('lètmein', 'seasalt', 'pbkdf2_sha256'),
 *   3.2 (260000 iterations) and 4.0 (320000), re-checked with hashlib.pbkdf2_hmac.
 * - bcrypt: golang.org/x/crypto/bcrypt's TestBcryptingIsCorrect vector (what Casdoor writes) and
 *   OpenBSD/Openwall crypt_blowfish test vectors.
 * - argon2id: the reference implementation's CLI (phc-winner-argon2 20171227, Debian package argon2),
 *   e.g. `echo -n password | argon2 somesalt -id -t 3 -k 4096 -p 1 -l 32 -e`.
 */

const SALT = '5a1d2e8f3c4b6a7d9e0f';

interface HexVector {
  type: PasswordType;
  password: string;
  salt: string;
  expected: string;
}

const HEX_VECTORS: HexVector[] = [
  { type: 'salt', password: '123456', salt: '', expected: '8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92' },
  { type: 'salt', password: '123', salt: '', expected: 'a665a45920422f9d417e4867efdc4fb8a04a1f3fff1fa07e998e86f7f7a27ae3' },
  { type: 'salt', password: '123', salt: SALT, expected: '0bb198c4da9e02516ce487181149e87fbe03f432bd383c4e7f442fcd328f7908' },
  {
    type: 'salt',
    password: 'pässwörd',
    salt: 'salt',
    expected: '19ce41a5693b924c5bd793e14c20a8d050122da1854b816313d416a6f870d37a',
  },
  {
    type: 'sha512-salt',
    password: '123',
    salt: '',
    expected:
      '3c9909afec25354d551dae21590bb26e38d53f2173b8d3dc3eee4c047e7ab1c1eb8b85103e3be7ba613b31bb5c9c36214dc9f14a42fd7a2fdb84856bca5c44c2',
  },
  {
    type: 'sha512-salt',
    password: '123',
    salt: SALT,
    expected:
      '7336d639196b8118a8f4ec5c2b551555c976f3b8c263a3d9992934a2623f262acd5473b6bfc1478f253518008560c5a9f67e9c04e2323d2df161fc6998477ba7',
  },
  {
    type: 'sha512-salt',
    password: 'pässwörd',
    salt: 'salt',
    expected:
      '39063c7b5e964bd11286730762bdbdaf9387ffc700201df35b08ba86952821732472ee2bc13eeef77908d4974ecb37f7bc7e6a9e1e4673572e68d864a1793741',
  },
  { type: 'md5-salt', password: '123', salt: '', expected: '202cb962ac59075b964b07152d234b70' },
  { type: 'md5-salt', password: '123', salt: SALT, expected: 'f8d95eefba4d76fb3152f0fe5c5fa727' },
  { type: 'md5-salt', password: 'pässwörd', salt: 'salt', expected: '94d499d2abf59d93366675aeb5406d04' },
];

// H(H('123')) with no salt: what older Casdoor versions stored for an empty salt.
const LEGACY_EMPTY_SALT: Array<{ type: PasswordType; stored: string }> = [
  { type: 'salt', stored: '173af653133d964edfc16cafe0aba33c8f500a07f3ba3f81943916910c257705' },
  {
    type: 'sha512-salt',
    stored:
      '4f22a5b713259a8b3e6d47c9073d7eef25e6ced4c20cbe49abaaa2e80b01e4e37c1a7c16891810668dd9a6bd88f259bbf8b7a672d37e785c3f2f3aa0b7169b54',
  },
  { type: 'md5-salt', stored: 'd9b1d7db4cd6e70935368a1efb10e377' },
];

const KEYCLOAK = {
  password: '123',
  salt: 'MDEyMzQ1Njc4OWFiY2RlZg==', // base64('0123456789abcdef')
  expected: 'FnjvwAnepxQdGfDJ7yUzUJYqKtiXfVzeBScrqLw/peuQPsVzWGKxI2hQMKA8190gifNNsHZpcnObraL55yxiXg==',
};
const KEYCLOAK_UNICODE = {
  password: 'pässwörd',
  salt: 'c2FsdA==', // base64('salt')
  expected: 'TO6zrIla54DojS13ABb1hQNV1eOJv07t06p8+WxHtkpTSjEbcqGhIvuty5SJoGuLw1PguiTXpVQ236gBT02aOQ==',
};
// pbkdf2_hmac('sha256', b'123', b'', 27500, 64)
const KEYCLOAK_EMPTY_SALT = 'vvxNKIhf8U+Lt8qMANJ4Vfz6rjBscXP/ZVX8FTopXj6bhowzlpPiojDt2Rdvtd1z4Ma9eOgTGyeDBFsBP7z3tw==';

const DJANGO_32 = 'pbkdf2_sha256$260000$seasalt$YlZ2Vggtqdc61YjArZuoApoBh9JNGYoDRBUGu6tcJQo=';
const DJANGO_40 = 'pbkdf2_sha256$320000$seasalt$Toj2II2rBvFiGQcPmUml1Nlni2UtvyRWwz/jz4q6q/4=';

const GO_BCRYPT = { password: 'allmine', hash: '$2a$10$XajjQvNhvvRt5GSeFk1xFeyqRrsxkhBkUiQeg0dt.wU1qD4aFDcga' };
const OPENWALL_BCRYPT = [
  { password: 'U*U', hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW' },
  { password: 'U*U*', hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK' },
  { password: 'U*U*U', hash: '$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a' },
  { password: '', hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy' },
];

const ARGON2_REFERENCE = [
  // m=4096 KiB, t=3, p=1
  { password: 'password', hash: '$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$qLml5cbqFAO6YxVHhrSBHP0UWdxrIxkNcM8aMX3blzU' },
  // Casdoor's default parameters, 16-byte salt
  {
    password: 'correct horse',
    hash: '$argon2id$v=19$m=65536,t=1,p=2$c2FsdHNhbHRzYWx0c2FsdA$tesD4nCFH2pNhPXcYwiwVSAq6RvXhDv+lK8JphUPE2Q',
  },
  // m=8192 KiB, t=2, p=4 and a 24-byte key
  { password: 'password', hash: '$argon2id$v=19$m=8192,t=2,p=4$c29tZXNhbHQ$ihO9Sn6LRhXZFqOTo+/GepqNjASLHl7t' },
];

describe('hex digest types (salt, sha512-salt, md5-salt)', () => {
  it.each(HEX_VECTORS)('$type of $password with salt "$salt" matches the known vector', async (v) => {
    expect(await hashPassword(v.type, v.password, v.salt)).toBe(v.expected);
    expect(await verifyPassword(v.type, v.password, v.expected, v.salt)).toBe(true);
    expect(await verifyPassword(v.type, `${v.password}x`, v.expected, v.salt)).toBe(false);
  });

  it.each(LEGACY_EMPTY_SALT)('$type accepts the legacy double digest only when the salt is empty', async (v) => {
    expect(await verifyPassword(v.type, '123', v.stored, '')).toBe(true);
    expect(await verifyPassword(v.type, '124', v.stored, '')).toBe(false);
    expect(await verifyPassword(v.type, '123', v.stored, SALT)).toBe(false);
  });

  it('does not accept the unsalted digest when a salt is set', async () => {
    expect(await verifyPassword('salt', '123', 'a665a45920422f9d417e4867efdc4fb8a04a1f3fff1fa07e998e86f7f7a27ae3', SALT)).toBe(
      false,
    );
  });

  it('rejects a wrong salt and uppercase hex', async () => {
    const stored = '0bb198c4da9e02516ce487181149e87fbe03f432bd383c4e7f442fcd328f7908';
    expect(await verifyPassword('salt', '123', stored, 'other')).toBe(false);
    expect(await verifyPassword('salt', '123', stored.toUpperCase(), SALT)).toBe(false);
  });
});

describe('plain', () => {
  it('stores the password as is and compares exactly', async () => {
    expect(await hashPassword('plain', 'pässwörd', SALT)).toBe('pässwörd');
    expect(await verifyPassword('plain', 'pässwörd', 'pässwörd', SALT)).toBe(true);
    expect(await verifyPassword('plain', 'passwörd', 'pässwörd', '')).toBe(false);
    expect(await verifyPassword('plain', 'pässwörd ', 'pässwörd', '')).toBe(false);
    expect(await verifyPassword('plain', '', 'x', '')).toBe(false);
  });
});

describe('bcrypt', () => {
  it('verifies the hash Go (Casdoor) writes', async () => {
    expect(await verifyPassword('bcrypt', GO_BCRYPT.password, GO_BCRYPT.hash, '')).toBe(true);
    expect(await verifyPassword('bcrypt', 'allmine!', GO_BCRYPT.hash, '')).toBe(false);
  });

  it.each(OPENWALL_BCRYPT)('verifies the Openwall vector for "$password" under $2a$, $2b$ and $2y$', async (v) => {
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const stored = prefix + v.hash.slice(4);
      expect(await verifyPassword('bcrypt', v.password, stored, 'ignored')).toBe(true);
      expect(await verifyPassword('bcrypt', `${v.password}?`, stored, 'ignored')).toBe(false);
    }
  });

  it('writes $2a$10$ hashes and ignores the salt', async () => {
    const stored = await hashPassword('bcrypt', 'pässwörd', SALT);
    expect(stored).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(await verifyPassword('bcrypt', 'pässwörd', stored, '')).toBe(true);
    expect(await verifyPassword('bcrypt', 'passwörd', stored, SALT)).toBe(false);
  });

  it('treats a malformed hash as a mismatch', async () => {
    expect(await verifyPassword('bcrypt', 'allmine', 'not a hash', '')).toBe(false);
    expect(await verifyPassword('bcrypt', 'allmine', '', '')).toBe(false);
  });
});

describe('pbkdf2-salt (Keycloak)', () => {
  it.each([KEYCLOAK, KEYCLOAK_UNICODE])('hashes $password with salt $salt to the known vector', async (v) => {
    expect(await hashPassword('pbkdf2-salt', v.password, v.salt)).toBe(v.expected);
    expect(await verifyPassword('pbkdf2-salt', v.password, v.expected, v.salt)).toBe(true);
    expect(await verifyPassword('pbkdf2-salt', `${v.password}x`, v.expected, v.salt)).toBe(false);
    expect(await verifyPassword('pbkdf2-salt', v.password, v.expected, 'c29tZXNhbHQ=')).toBe(false);
  });

  it('uses an empty salt when the salt is empty or not valid standard base64', async () => {
    expect(await hashPassword('pbkdf2-salt', '123', '')).toBe(KEYCLOAK_EMPTY_SALT);
    for (const bad of ['not base64!', '%%%%', '@@@@MDEy']) {
      expect(await hashPassword('pbkdf2-salt', '123', bad)).toBe(KEYCLOAK_EMPTY_SALT);
      expect(await verifyPassword('pbkdf2-salt', '123', KEYCLOAK_EMPTY_SALT, bad)).toBe(true);
    }
  });

  it('decodes standard base64 strictly', () => {
    expect(decodeStdBase64('c2FsdA==').toString()).toBe('salt');
    expect(decodeStdBase64('MDEyMzQ1Njc4OWFiY2RlZg==').toString()).toBe('0123456789abcdef');
    expect(decodeStdBase64('MDEyMzQ1\r\nNjc4OWFiY2RlZg==').toString()).toBe('0123456789abcdef'); // Go skips line breaks
    expect(decodeStdBase64(SALT)).toHaveLength(15); // a newSalt() is valid base64
    expect(decodeStdBase64('')).toHaveLength(0);
    for (const bad of ['c2FsdA', 'c2FsdA=', 'c2Fsd===', 'c2F sdA==', 'c2Fs-A==', 'c2FsdA==c2Fs', '=c2F']) {
      expect(decodeStdBase64(bad)).toHaveLength(0);
    }
  });
});

describe('argon2id', () => {
  it.each(ARGON2_REFERENCE)('verifies the reference implementation hash $hash', async (v) => {
    expect(await verifyPassword('argon2id', v.password, v.hash, 'ignored')).toBe(true);
    expect(await verifyPassword('argon2id', `${v.password}!`, v.hash, '')).toBe(false);
  });

  it('writes the alexedwards/argon2id encoding with Casdoor default parameters', async () => {
    const stored = await hashPassword('argon2id', 'pässwörd', SALT);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=1,p=2\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('argon2id', 'pässwörd', stored, '')).toBe(true);
    expect(await verifyPassword('argon2id', 'passwörd', stored, '')).toBe(false);
    expect(await hashPassword('argon2id', 'pässwörd', SALT)).not.toBe(stored); // random salt
  });

  it('refuses other variants, versions and malformed encodings', async () => {
    const good = ARGON2_REFERENCE[0].hash;
    const malformed = [
      '$argon2i$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$iWh06vD8Fy27wf9npn6FXWiCX4K6pW6Ue1Bnzz07Z8A', // argon2i, same inputs
      '$argon2id$v=16$m=4096,t=3,p=1$c29tZXNhbHQ$Py0w2340bMtQuJwfBeXg4l1iZIYA1IOVTHz3H/f+cLc', // version 0x10
      good.replace('$v=19', ''), // five fields
      `${good}$extra`,
      good.replace('c29tZXNhbHQ', 'c29tZXNhbHQ='), // padded salt
      good.replace('m=4096', 'm=x'),
      good.replace('p=1', 'p=0'),
      good.replace('m=4096', 'm=1'), // below the 8*p KiB minimum
      good.replace('m=4096', 'm=4294967295'), // refused before any allocation
      `${good.slice(0, good.lastIndexOf('$'))}$`, // empty key
      '',
    ];
    for (const stored of malformed) expect(await verifyPassword('argon2id', 'password', stored, '')).toBe(false);
  });
});

describe('pbkdf2-django', () => {
  it("writes Django's own vector when given its salt", async () => {
    expect(await hashPassword('pbkdf2-django', 'lètmein', 'seasalt')).toBe(DJANGO_32);
  });

  it('verifies with the iteration count and salt of the stored string', async () => {
    for (const stored of [DJANGO_32, DJANGO_40]) {
      expect(await verifyPassword('pbkdf2-django', 'lètmein', stored, 'ignored')).toBe(true);
      expect(await verifyPassword('pbkdf2-django', 'lètmeinz', stored, '')).toBe(false);
    }
  });

  it('draws a 22-character alphanumeric salt when none is given', async () => {
    const stored = await hashPassword('pbkdf2-django', 'lètmein', '');
    expect(stored).toMatch(/^pbkdf2_sha256\$260000\$[A-Za-z0-9]{22}\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('pbkdf2-django', 'lètmein', stored, '')).toBe(true);
  });

  it('refuses malformed strings', async () => {
    const malformed = [
      DJANGO_32.replace('pbkdf2_sha256', 'pbkdf2_sha1'),
      DJANGO_32.replace('260000', 'x'),
      DJANGO_32.replace('260000', '0'),
      `${DJANGO_32}$`,
      DJANGO_32.split('$').slice(1).join('$'),
      '',
    ];
    for (const stored of malformed) expect(await verifyPassword('pbkdf2-django', 'lètmein', stored, '')).toBe(false);
  });
});

describe('helpers', () => {
  it('newSalt gives 20 lowercase hex characters, fresh each time', () => {
    const a = newSalt();
    expect(a).toMatch(/^[0-9a-f]{20}$/);
    expect(newSalt()).not.toBe(a);
  });

  it('safeEqual compares exactly, whatever the lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });

  it('knows the eight types and throws on any other', async () => {
    expect(PASSWORD_TYPES.every(isPasswordType)).toBe(true);
    expect(isPasswordType('sha256-salt')).toBe(false);
    const unknown = 'sha256-salt' as PasswordType;
    await expect(hashPassword(unknown, 'x', '')).rejects.toThrow(/Unsupported password type/);
    await expect(verifyPassword(unknown, 'x', 'x', '')).rejects.toThrow(/Unsupported password type/);
  });

  it('round-trips every type, and a wrong password fails for each', async () => {
    for (const type of PASSWORD_TYPES) {
      const stored = await hashPassword(type, 'Tr0ub4dour&3', SALT);
      expect(await verifyPassword(type, 'Tr0ub4dour&3', stored, SALT)).toBe(true);
      expect(await verifyPassword(type, 'Tr0ub4dour&4', stored, SALT)).toBe(false);
    }
  });
});
