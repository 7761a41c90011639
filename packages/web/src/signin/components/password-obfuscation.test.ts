import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { ObfuscatorSettingsError, obfuscatedPassword } from './password-obfuscation';

const AES_KEY = 'abcdef123456789abcdef123456789ab';
const DES_KEY = '133457799bbcdff1';

const bytesOf = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

describe('the sign-in page obfuscates the password', () => {
  it('sends it as typed for Plain, no type, or an empty password', async () => {
    expect(await obfuscatedPassword({ passwordObfuscatorType: 'Plain', passwordObfuscatorKey: '' }, 'secret')).toBe('secret');
    expect(await obfuscatedPassword(null, 'secret')).toBe('secret');
    expect(await obfuscatedPassword({ passwordObfuscatorType: 'AES', passwordObfuscatorKey: AES_KEY }, '')).toBe('');
  });

  it('encrypts with AES-128-CBC: a fresh IV, then a ciphertext Web Crypto decrypts', async () => {
    const org = { passwordObfuscatorType: 'AES', passwordObfuscatorKey: AES_KEY };
    const one = await obfuscatedPassword(org, 'pässword 123');
    const two = await obfuscatedPassword(org, 'pässword 123');
    expect(one).toMatch(/^[0-9a-f]+$/);
    expect(one).not.toBe(two);
    const bytes = bytesOf(one);
    const key = await crypto.subtle.importKey('raw', bytesOf(AES_KEY), 'AES-CBC', false, ['decrypt']);
    const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: bytes.slice(0, 16) }, key, bytes.slice(16));
    expect(new TextDecoder().decode(plain)).toBe('pässword 123');
  });

  it('encrypts with single DES in CBC mode (the textbook vector), an 8-byte IV first', async () => {
    const block = CryptoJS.DES.encrypt(CryptoJS.enc.Hex.parse('0123456789abcdef'), CryptoJS.enc.Hex.parse(DES_KEY), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.NoPadding,
    });
    expect(block.ciphertext.toString(CryptoJS.enc.Hex)).toBe('85e813540f0ab405');

    const hex = await obfuscatedPassword({ passwordObfuscatorType: 'DES', passwordObfuscatorKey: DES_KEY }, 'worker-pass');
    expect(hex.length).toBe(16 + 32);
    const decrypted = CryptoJS.DES.decrypt(
      CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Hex.parse(hex.slice(16)) }),
      CryptoJS.enc.Hex.parse(DES_KEY),
      { iv: CryptoJS.enc.Hex.parse(hex.slice(0, 16)), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 },
    );
    expect(decrypted.toString(CryptoJS.enc.Utf8)).toBe('worker-pass');
  });

  it('refuses to send anything under a key that does not fit its type', async () => {
    const attempt = obfuscatedPassword({ passwordObfuscatorType: 'DES', passwordObfuscatorKey: '***' }, 'secret');
    await expect(attempt).rejects.toBeInstanceOf(ObfuscatorSettingsError);
    await expect(attempt).rejects.toMatchObject({
      problem: { key: 'passwordObfuscatorKeyMismatch', params: { regex: '^[1-9a-f]{16}$' } },
    });
  });
});
