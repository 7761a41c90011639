import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CertAlgorithm,
  checkKeyPair,
  curveOf,
  generateCert,
  keyFitsAlgorithm,
  keyLabel,
  minimumRsaBitSize,
  normalizeBitSize,
  publicKeyMatches,
  rsaKeyTooSmall,
} from './certs.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Case {
  algorithm: CertAlgorithm;
  bitSize: number;
  expireInYears: number;
  /** Expected key details as Node reports them (OpenSSL curve names). */
  key: { type: 'rsa'; modulusLength: number } | { type: 'ec'; namedCurve: string };
  /** Expected @peculiar/x509 view of the certificate's signature algorithm. */
  signature: { name: string; hash: string; saltLength?: number };
}

const cases: Case[] = [
  {
    algorithm: 'RS256',
    bitSize: 2048,
    expireInYears: 20,
    key: { type: 'rsa', modulusLength: 2048 },
    signature: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  },
  {
    algorithm: 'RS512',
    bitSize: 1024,
    expireInYears: 1,
    key: { type: 'rsa', modulusLength: 1024 },
    signature: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-512' },
  },
  {
    algorithm: 'PS256',
    bitSize: 2048,
    expireInYears: 5,
    key: { type: 'rsa', modulusLength: 2048 },
    signature: { name: 'RSA-PSS', hash: 'SHA-256', saltLength: 32 },
  },
  // bitSize is ignored for EC keys, whatever the caller sends.
  {
    algorithm: 'ES256',
    bitSize: 0,
    expireInYears: 10,
    key: { type: 'ec', namedCurve: 'prime256v1' },
    signature: { name: 'ECDSA', hash: 'SHA-256' },
  },
  {
    algorithm: 'ES384',
    bitSize: 2048,
    expireInYears: 30, // notAfter past 2049: GeneralizedTime instead of UTCTime
    key: { type: 'ec', namedCurve: 'secp384r1' },
    signature: { name: 'ECDSA', hash: 'SHA-384' },
  },
  {
    algorithm: 'ES512',
    bitSize: 12345,
    expireInYears: 2,
    key: { type: 'ec', namedCurve: 'secp521r1' },
    signature: { name: 'ECDSA', hash: 'SHA-512' },
  },
  {
    algorithm: 'RS256',
    bitSize: 4096,
    expireInYears: 3,
    key: { type: 'rsa', modulusLength: 4096 },
    signature: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  },
];

function nodeHash(algorithm: CertAlgorithm): string {
  return `sha${algorithm.slice(2)}`;
}

/** Signs with the generated private key and verifies with the certificate's public key. */
function signAndVerify(algorithm: CertAlgorithm, privateKeyPem: string, cert: crypto.X509Certificate): boolean {
  const data = Buffer.from(`payload signed with ${algorithm}`);
  const hash = nodeHash(algorithm);
  const privateKey = crypto.createPrivateKey(privateKeyPem);
  if (algorithm.startsWith('PS')) {
    const pss = { padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: crypto.constants.RSA_PSS_SALTLEN_DIGEST };
    const signature = crypto.sign(hash, data, { key: privateKey, ...pss });
    return crypto.verify(hash, data, { key: cert.publicKey, ...pss }, signature);
  }
  const signature = crypto.sign(hash, data, privateKey);
  return crypto.verify(hash, data, cert.publicKey, signature);
}

describe('generateCert', () => {
  it.each(cases)(
    '$algorithm/$bitSize produces a valid self-signed certificate and matching key',
    async (c) => {
      const before = Date.now();
      const generated = await generateCert({
        algorithm: c.algorithm,
        bitSize: c.bitSize,
        expireInYears: c.expireInYears,
        commonName: `Gatehouse ${c.algorithm}`,
        organization: 'Acme, Inc.',
      });

      // PEM shape: LF only, trailing newline, PKCS#8 for the key.
      expect(generated.certificate).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n$/);
      expect(generated.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n$/);
      expect(generated.certificate).not.toContain('\r');
      expect(generated.privateKey).not.toContain('\r');

      const cert = new crypto.X509Certificate(generated.certificate);
      // The comma stays inside O (Node prints it escaped) instead of starting a new RDN.
      expect(cert.subject).toBe(`CN=Gatehouse ${c.algorithm}\nO=Acme\\, Inc.`);
      // Self-issued and self-signed: issuer equals subject and its own key verifies the signature.
      expect(cert.issuer).toBe(cert.subject);
      expect(cert.verify(cert.publicKey)).toBe(true);
      // Node's checkIssued is OpenSSL's X509_check_issued, which also rejects an issuer whose keyUsage
      // lacks keyCertSign; a CA=false leaf with keyUsage=digitalSignature (RFC 5280 forbids keyCertSign
      // without CA) therefore never "issued" itself, although name and signature match.
      expect(cert.checkIssued(cert)).toBe(false);
      expect(cert.ca).toBe(false);

      // 16-byte positive serial number.
      expect(cert.serialNumber).toMatch(/^[0-7][0-9A-F]{31}$/i);
      expect(cert.serialNumber).not.toMatch(/^00/);

      // notBefore is now (second precision), notAfter expireInYears calendar years later.
      const validFrom = new Date(cert.validFrom).getTime();
      const validTo = new Date(cert.validTo).getTime();
      expect(validFrom).toBeGreaterThanOrEqual(before - 2000);
      expect(validFrom).toBeLessThanOrEqual(Date.now());
      const expectedTo = new Date(validFrom);
      expectedTo.setUTCFullYear(expectedTo.getUTCFullYear() + c.expireInYears);
      expect(Math.abs(validTo - expectedTo.getTime())).toBeLessThanOrEqual(DAY_MS);

      const privateKey = crypto.createPrivateKey(generated.privateKey);
      expect(privateKey.asymmetricKeyType).toBe(c.key.type);
      expect(cert.publicKey.asymmetricKeyType).toBe(c.key.type);
      if (c.key.type === 'rsa') {
        expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(c.key.modulusLength);
        expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(c.key.modulusLength);
      } else {
        expect(privateKey.asymmetricKeyDetails?.namedCurve).toBe(c.key.namedCurve);
        expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe(c.key.namedCurve);
      }

      expect(signAndVerify(c.algorithm, generated.privateKey, cert)).toBe(true);
      expect(publicKeyMatches(generated.certificate, generated.privateKey)).toBe(true);

      // Signature algorithm and extensions, read back with @peculiar/x509 (already loaded by generateCert).
      const x509 = await import('@peculiar/x509');
      const parsed = new x509.X509Certificate(generated.certificate);
      expect(parsed.signatureAlgorithm).toMatchObject({
        name: c.signature.name,
        hash: { name: c.signature.hash },
        ...(c.signature.saltLength === undefined ? {} : { saltLength: c.signature.saltLength }),
      });
      const basic = parsed.getExtension(x509.BasicConstraintsExtension);
      expect(basic?.critical).toBe(true);
      expect(basic?.ca).toBe(false);
      const usage = parsed.getExtension(x509.KeyUsagesExtension);
      expect(usage?.critical).toBe(true);
      expect(usage?.usages).toBe(x509.KeyUsageFlags.digitalSignature);
      const ski = parsed.getExtension(x509.SubjectKeyIdentifierExtension);
      expect(ski?.keyId).toMatch(/^[0-9a-f]+$/);
      expect(ski?.critical).toBe(false);
    },
    30_000,
  );

  it('omits O when the organization is empty', async () => {
    for (const organization of [undefined, '', '   ']) {
      const generated = await generateCert({
        algorithm: 'ES256',
        bitSize: 0,
        expireInYears: 1,
        commonName: 'no-org',
        organization,
      });
      expect(new crypto.X509Certificate(generated.certificate).subject).toBe('CN=no-org');
    }
  });

  it('refuses RSA bit sizes other than 1024, 2048 and 4096', async () => {
    for (const bitSize of [0, 512, 3072, 8192, Number.NaN]) {
      await expect(generateCert({ algorithm: 'RS256', bitSize, expireInYears: 1, commonName: 'x' })).rejects.toThrow(
        /Invalid RSA bit size/,
      );
    }
    await expect(generateCert({ algorithm: 'PS384', bitSize: 1536, expireInYears: 1, commonName: 'x' })).rejects.toThrow(
      /Invalid RSA bit size 1536 for PS384/,
    );
  });

  it('refuses PS512 with a 1024-bit key, too small for SHA-512 PSS with a 64-byte salt', async () => {
    await expect(generateCert({ algorithm: 'PS512', bitSize: 1024, expireInYears: 1, commonName: 'x' })).rejects.toThrow(
      /too small for PS512/,
    );
  });

  it('refuses unknown algorithms, bad lifetimes and empty common names', async () => {
    await expect(
      generateCert({ algorithm: 'HS256' as CertAlgorithm, bitSize: 2048, expireInYears: 1, commonName: 'x' }),
    ).rejects.toThrow(/Unsupported certificate algorithm "HS256"/);
    for (const expireInYears of [0, -1, 1.5, Number.NaN, 101]) {
      await expect(generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears, commonName: 'x' })).rejects.toThrow(
        /Invalid certificate lifetime/,
      );
    }
    await expect(generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears: 1, commonName: '  ' })).rejects.toThrow(
      /non-empty common name/,
    );
  });
});

describe('publicKeyMatches', () => {
  it('rejects mismatched pairs and unparsable input', async () => {
    const [rsaA, rsaB, ecA, ecB] = await Promise.all([
      generateCert({ algorithm: 'RS256', bitSize: 1024, expireInYears: 1, commonName: 'a' }),
      generateCert({ algorithm: 'RS256', bitSize: 1024, expireInYears: 1, commonName: 'b' }),
      generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears: 1, commonName: 'c' }),
      generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears: 1, commonName: 'd' }),
    ]);
    expect(publicKeyMatches(rsaA.certificate, rsaA.privateKey)).toBe(true);
    expect(publicKeyMatches(ecA.certificate, ecA.privateKey)).toBe(true);
    // Same key type, different key.
    expect(publicKeyMatches(rsaA.certificate, rsaB.privateKey)).toBe(false);
    expect(publicKeyMatches(ecA.certificate, ecB.privateKey)).toBe(false);
    // Different key types.
    expect(publicKeyMatches(rsaA.certificate, ecA.privateKey)).toBe(false);
    expect(publicKeyMatches(ecA.certificate, rsaA.privateKey)).toBe(false);
    // Garbage or swapped arguments.
    expect(publicKeyMatches('not a certificate', rsaA.privateKey)).toBe(false);
    expect(publicKeyMatches(rsaA.certificate, 'not a key')).toBe(false);
    expect(publicKeyMatches(rsaA.privateKey, rsaA.certificate)).toBe(false);
  });

  it('accepts CRLF PEMs', async () => {
    const generated = await generateCert({ algorithm: 'ES384', bitSize: 0, expireInYears: 1, commonName: 'crlf' });
    const crlf = (pem: string) => pem.replace(/\n/g, '\r\n');
    expect(publicKeyMatches(crlf(generated.certificate), crlf(generated.privateKey))).toBe(true);
  });
});

describe('normalizeBitSize', () => {
  it('returns 0 for EC algorithms', () => {
    for (const algorithm of ['ES256', 'ES384', 'ES512'] as const) {
      expect(normalizeBitSize(algorithm, 2048)).toBe(0);
      expect(normalizeBitSize(algorithm, 0)).toBe(0);
    }
  });

  it('keeps 1024/2048/4096 for RSA algorithms and falls back to 2048 otherwise', () => {
    for (const algorithm of ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'] as const) {
      for (const bitSize of [1024, 2048, 4096]) expect(normalizeBitSize(algorithm, bitSize)).toBe(bitSize);
      for (const bitSize of [0, 512, 3072, 8192, -1, Number.NaN]) expect(normalizeBitSize(algorithm, bitSize)).toBe(2048);
    }
  });
});

describe('curveOf', () => {
  it('maps ES algorithms to their NIST curves', () => {
    expect(curveOf('ES256')).toBe('P-256');
    expect(curveOf('ES384')).toBe('P-384');
    expect(curveOf('ES512')).toBe('P-521');
  });

  it('throws for RSA algorithms', () => {
    expect(() => curveOf('RS256')).toThrow(/does not use an elliptic curve/);
    expect(() => curveOf('PS512')).toThrow(/does not use an elliptic curve/);
  });
});

describe('rsaKeyTooSmall and minimumRsaBitSize', () => {
  it('refuse only PS512 with 1024 bits among the offered sizes', () => {
    for (const algorithm of ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'] as const) {
      for (const bits of [1024, 2048, 4096]) {
        expect(rsaKeyTooSmall(algorithm, bits), `${algorithm}/${bits}`).toBe(algorithm === 'PS512' && bits === 1024);
      }
    }
    expect(minimumRsaBitSize('PS512')).toBe(2048);
    expect(minimumRsaBitSize('PS384')).toBe(1024);
    expect(minimumRsaBitSize('RS512')).toBe(1024);
  });
});

describe('checkKeyPair', () => {
  it('describes the key of a matching pair', async () => {
    const rsa = await generateCert({ algorithm: 'RS256', bitSize: 1024, expireInYears: 1, commonName: 'rsa' });
    const ec = await generateCert({ algorithm: 'ES384', bitSize: 0, expireInYears: 1, commonName: 'ec' });
    const rsaCheck = checkKeyPair(rsa.certificate, rsa.privateKey);
    expect(rsaCheck).toEqual({ ok: true, key: { type: 'rsa', bits: 1024 } });
    const ecCheck = checkKeyPair(ec.certificate, ec.privateKey);
    expect(ecCheck).toEqual({ ok: true, key: { type: 'ec', curve: 'P-384' } });
    if (!rsaCheck.ok || !ecCheck.ok) return;
    expect(keyLabel(rsaCheck.key)).toBe('RSA 1024-bit');
    expect(keyLabel(ecCheck.key)).toBe('EC P-384');
    expect(keyFitsAlgorithm('PS256', rsaCheck.key)).toBe(true);
    expect(keyFitsAlgorithm('ES384', rsaCheck.key)).toBe(false);
    expect(keyFitsAlgorithm('ES384', ecCheck.key)).toBe(true);
    expect(keyFitsAlgorithm('ES256', ecCheck.key)).toBe(false);
    expect(keyFitsAlgorithm('RS256', ecCheck.key)).toBe(false);
  });

  it('names what is wrong with a pair', async () => {
    const a = await generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears: 1, commonName: 'a' });
    const b = await generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears: 1, commonName: 'b' });
    expect(checkKeyPair('garbage', a.privateKey)).toEqual({ ok: false, problem: 'certificate' });
    expect(checkKeyPair(a.certificate, 'garbage')).toEqual({ ok: false, problem: 'privateKey' });
    expect(checkKeyPair(a.certificate, b.privateKey)).toEqual({ ok: false, problem: 'mismatch' });
  });
});
