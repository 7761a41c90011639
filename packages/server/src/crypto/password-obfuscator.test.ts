import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ObfuscatedPasswordError, obfuscatePassword, revealObfuscatedPassword } from './password-obfuscator.js';

const AES_KEY = '1234567891abcdef1234567891abcdef';
const DES_KEY = '133457799bbcdff1';

describe('password obfuscator (server side)', () => {
  it('reads back what it encrypts, AES and DES, with a fresh IV each time', () => {
    for (const [type, key] of [
      ['AES', AES_KEY],
      ['DES', DES_KEY],
    ] as const) {
      const one = obfuscatePassword(type, key, 'pässword 123');
      const two = obfuscatePassword(type, key, 'pässword 123');
      expect(one).not.toBe(two);
      expect(revealObfuscatedPassword(type, key, one)).toBe('pässword 123');
      expect(revealObfuscatedPassword(type, key, two)).toBe('pässword 123');
    }
  });

  it('runs single DES: the textbook vector (key 133457799BBCDFF1, block 0123456789ABCDEF)', () => {
    // FIPS 46 worked example: E(K, 0123456789ABCDEF) = 85E813540F0AB405. With a zero IV the first
    // CBC block is that ECB block, and our DES must produce it.
    const iv = Buffer.alloc(8);
    const hex = obfuscatePassword('DES', DES_KEY, '');
    expect(hex).toHaveLength(32);
    const key = Buffer.from(DES_KEY, 'hex');
    const cipher = createCipheriv('des-ede3-cbc', Buffer.concat([key, key, key]), iv);
    cipher.setAutoPadding(false);
    const block = Buffer.concat([cipher.update(Buffer.from('0123456789ABCDEF', 'hex')), cipher.final()]);
    expect(block.toString('hex')).toBe('85e813540f0ab405');
  });

  it('reads a ciphertext made with AES-128-CBC by another implementation', () => {
    const iv = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(AES_KEY, 'hex'), iv);
    const body = Buffer.concat([cipher.update('secret', 'utf8'), cipher.final()]);
    expect(revealObfuscatedPassword('AES', AES_KEY, Buffer.concat([iv, body]).toString('hex'))).toBe('secret');
  });

  it('refuses what is not a ciphertext under the key', () => {
    const bad = (type: 'AES' | 'DES', key: string, text: string) => () => revealObfuscatedPassword(type, key, text);
    expect(bad('AES', AES_KEY, 'plain password')).toThrow(ObfuscatedPasswordError);
    expect(bad('AES', AES_KEY, 'abc')).toThrow('not hexadecimal');
    expect(bad('AES', AES_KEY, '00'.repeat(16))).toThrow('IV');
    expect(bad('DES', DES_KEY, '00'.repeat(12))).toThrow('IV');
    // Under another key (a fixed IV, so that the padding's chance of checking out is not drawn anew each run).
    const iv = Buffer.alloc(16, 7);
    const cipher = createCipheriv('aes-128-cbc', Buffer.from('9'.repeat(32), 'hex'), iv);
    const other = Buffer.concat([iv, cipher.update('secret-password', 'utf8'), cipher.final()]).toString('hex');
    expect(bad('AES', AES_KEY, other)).toThrow('padding');
  });
});
