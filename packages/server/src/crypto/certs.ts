import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  webcrypto,
  X509Certificate,
} from 'node:crypto';
import { promisify } from 'node:util';
// @peculiar/x509 uses tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { CERT_ALGORITHMS, isOneOf } from '@gatehouse/entities';
import * as x509 from '@peculiar/x509';

export type CertAlgorithm = (typeof CERT_ALGORITHMS)[number];

export type EcCurve = 'P-256' | 'P-384' | 'P-521';

export interface GeneratedCert {
  /** PEM "-----BEGIN CERTIFICATE-----", LF line endings, trailing newline. */
  certificate: string;
  /** PKCS#8 PEM "-----BEGIN PRIVATE KEY-----", LF line endings, trailing newline. */
  privateKey: string;
}

export interface GenerateCertInput {
  algorithm: CertAlgorithm;
  /** RSA modulus length (1024, 2048 or 4096); ignored for ES*. */
  bitSize: number;
  expireInYears: number;
  commonName: string;
  organization?: string;
}

type HashName = 'SHA-256' | 'SHA-384' | 'SHA-512';
type Family = 'RSASSA-PKCS1-v1_5' | 'RSA-PSS' | 'ECDSA';

interface AlgorithmSpec {
  family: Family;
  hash: HashName;
  /** Hash output length in bytes: the PSS salt length (RFC 4055 recommends salt = hash length). */
  hashBytes: number;
  curve?: EcCurve;
}

const SPECS: Readonly<Record<CertAlgorithm, AlgorithmSpec>> = {
  RS256: { family: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', hashBytes: 32 },
  RS384: { family: 'RSASSA-PKCS1-v1_5', hash: 'SHA-384', hashBytes: 48 },
  RS512: { family: 'RSASSA-PKCS1-v1_5', hash: 'SHA-512', hashBytes: 64 },
  PS256: { family: 'RSA-PSS', hash: 'SHA-256', hashBytes: 32 },
  PS384: { family: 'RSA-PSS', hash: 'SHA-384', hashBytes: 48 },
  PS512: { family: 'RSA-PSS', hash: 'SHA-512', hashBytes: 64 },
  ES256: { family: 'ECDSA', hash: 'SHA-256', hashBytes: 32, curve: 'P-256' },
  ES384: { family: 'ECDSA', hash: 'SHA-384', hashBytes: 48, curve: 'P-384' },
  ES512: { family: 'ECDSA', hash: 'SHA-512', hashBytes: 64, curve: 'P-521' },
};

const RSA_BIT_SIZES: readonly number[] = [1024, 2048, 4096];
const DEFAULT_RSA_BIT_SIZE = 2048;
const MAX_EXPIRE_YEARS = 100;

function specOf(algorithm: string): AlgorithmSpec {
  // Callers pass values read from the database/JSON, so the union type is not a guarantee.
  const spec = isOneOf(CERT_ALGORITHMS, algorithm) ? SPECS[algorithm] : undefined;
  if (!spec) {
    throw new Error(`Unsupported certificate algorithm "${algorithm}"; expected one of ${Object.keys(SPECS).join(', ')}`);
  }
  return spec;
}

/** ES* keys have no bit size (0); RSA keys keep 1024/2048/4096 and anything else falls back to 2048. */
export function normalizeBitSize(algorithm: CertAlgorithm, bitSize: number): number {
  if (algorithm.startsWith('ES')) return 0;
  return RSA_BIT_SIZES.includes(bitSize) ? bitSize : DEFAULT_RSA_BIT_SIZE;
}

/**
 * Whether an RSA key of `bitSize` bits is too small to sign with `algorithm`. EMSA-PSS with a salt
 * as long as the hash needs modulus bytes >= 2 * hashLen + 2: 64 + 64 + 2 = 130 > 128 for PS512
 * with 1024 bits.
 */
export function rsaKeyTooSmall(algorithm: CertAlgorithm, bitSize: number): boolean {
  const spec = specOf(algorithm);
  return spec.family === 'RSA-PSS' && bitSize / 8 < 2 * spec.hashBytes + 2;
}

/** The smallest of the offered RSA bit sizes that `algorithm` can sign with. */
export function minimumRsaBitSize(algorithm: CertAlgorithm): number {
  return RSA_BIT_SIZES.find((bits) => !rsaKeyTooSmall(algorithm, bits)) ?? DEFAULT_RSA_BIT_SIZE;
}

/** The named curve of an ES* algorithm; throws for RSA algorithms. */
export function curveOf(algorithm: CertAlgorithm): EcCurve {
  const { curve } = specOf(algorithm);
  if (!curve) throw new Error(`Algorithm ${algorithm} does not use an elliptic curve`);
  return curve;
}

// promisify picks up generateKeyPair's __promisify__ overloads, so results stay typed as KeyObjects.
const generateKeyPairAsync = promisify(generateKeyPair);

// Node's webcrypto matches the DOM Crypto x509 is typed against, but TS cannot relate the two.
x509.cryptoProvider.set(webcrypto as unknown as ReturnType<typeof x509.cryptoProvider.get>);

function validateInput(input: GenerateCertInput, spec: AlgorithmSpec): void {
  if (spec.family !== 'ECDSA') {
    if (!RSA_BIT_SIZES.includes(input.bitSize)) {
      throw new Error(
        `Invalid RSA bit size ${input.bitSize} for ${input.algorithm}; expected one of ${RSA_BIT_SIZES.join(', ')}`,
      );
    }
    if (rsaKeyTooSmall(input.algorithm, input.bitSize)) {
      throw new Error(`RSA bit size ${input.bitSize} is too small for ${input.algorithm}; use 2048 or 4096`);
    }
  }
  if (!Number.isInteger(input.expireInYears) || input.expireInYears < 1 || input.expireInYears > MAX_EXPIRE_YEARS) {
    throw new Error(`Invalid certificate lifetime ${input.expireInYears}; expected whole years from 1 to ${MAX_EXPIRE_YEARS}`);
  }
  if (!input.commonName?.trim()) {
    throw new Error('A certificate needs a non-empty common name');
  }
}

function generateKeys(spec: AlgorithmSpec, bitSize: number) {
  // Async generation runs on the libuv thread pool: RSA 4096 takes seconds and must not block the loop.
  return spec.curve
    ? generateKeyPairAsync('ec', { namedCurve: spec.curve })
    : generateKeyPairAsync('rsa', { modulusLength: bitSize, publicExponent: 0x10001 });
}

/** 16 random bytes as hex, the first in 0x01..0x7f: a positive DER INTEGER that keeps all 16 bytes. */
function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] % 0x7f) + 1;
  return bytes.toString('hex');
}

function normalizePem(pem: string): string {
  return `${pem.replace(/\r\n?/g, '\n').trim()}\n`;
}

/** Generates a key pair and a self-signed X.509 v3 certificate for signing tokens. */
export async function generateCert(input: GenerateCertInput): Promise<GeneratedCert> {
  const spec = specOf(input.algorithm);
  validateInput(input, spec);

  const { privateKey, publicKey } = await generateKeys(spec, input.bitSize);
  const subtle = webcrypto.subtle;

  // x509 merges the signing key's own algorithm over signingAlgorithm, so the RSA keys must be
  // imported with the target hash; ECDSA keys carry no hash and take it from signingAlgorithm.
  const importParams =
    spec.family === 'ECDSA' ? { name: spec.family, namedCurve: spec.curve as EcCurve } : { name: spec.family, hash: spec.hash };
  const keys = {
    privateKey: await subtle.importKey('pkcs8', privateKey.export({ type: 'pkcs8', format: 'der' }), importParams, false, [
      'sign',
    ]),
    // Extractable: x509 exports it as the certificate's SubjectPublicKeyInfo.
    publicKey: await subtle.importKey('spki', publicKey.export({ type: 'spki', format: 'der' }), importParams, true, ['verify']),
  };
  const signingAlgorithm =
    spec.family === 'RSA-PSS'
      ? { name: spec.family, hash: spec.hash, saltLength: spec.hashBytes }
      : { name: spec.family, hash: spec.hash };

  const notBefore = new Date();
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + input.expireInYears);

  // JSON name instead of "CN=..., O=..." text, so commas or '=' in user input cannot add RDNs.
  const organization = input.organization?.trim();
  const name: x509.JsonName = [{ CN: [input.commonName.trim()] }];
  if (organization) name.push({ O: [organization] });

  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerialNumber(),
    name,
    notBefore,
    notAfter,
    keys,
    signingAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });

  return {
    certificate: normalizePem(certificate.toString('pem')),
    privateKey: normalizePem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
  };
}

function spkiDer(key: KeyObject): Buffer {
  return key.export({ type: 'spki', format: 'der' });
}

/**
 * True when the private key belongs to the certificate's public key. Unparsable or encrypted
 * input yields false rather than an exception, since this validates user uploads.
 */
export function publicKeyMatches(certificatePem: string, privateKeyPem: string): boolean {
  try {
    const certificateKey = new X509Certificate(certificatePem).publicKey;
    const derivedKey = createPublicKey(createPrivateKey(privateKeyPem));
    return spkiDer(certificateKey).equals(spkiDer(derivedKey));
  } catch {
    return false;
  }
}

/** The public key of a certificate as the algorithm rules see it. */
export type KeyDescription = { type: 'rsa'; bits: number } | { type: 'ec'; curve: string } | { type: string };

const CURVES_BY_OPENSSL_NAME: Record<string, EcCurve> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

function describeKey(key: KeyObject): KeyDescription {
  const type = key.asymmetricKeyType ?? 'unknown';
  const details = key.asymmetricKeyDetails ?? {};
  if (type === 'rsa' || type === 'rsa-pss') return { type: 'rsa', bits: details.modulusLength ?? 0 };
  if (type === 'ec') {
    const curve = details.namedCurve ?? 'unknown';
    return { type: 'ec', curve: CURVES_BY_OPENSSL_NAME[curve] ?? curve };
  }
  return { type };
}

/** How a key is named in messages: "RSA 2048-bit", "EC P-256", "ED25519". */
export function keyLabel(key: KeyDescription): string {
  if ('bits' in key) return `RSA ${key.bits}-bit`;
  if ('curve' in key) return `EC ${key.curve}`;
  return key.type.toUpperCase();
}

/** Whether a key can sign with `algorithm`: RSA for RS and PS, the algorithm's curve for ES. */
export function keyFitsAlgorithm(algorithm: CertAlgorithm, key: KeyDescription): boolean {
  const spec = specOf(algorithm);
  if (spec.curve) return 'curve' in key && key.curve === spec.curve;
  return 'bits' in key;
}

export type KeyPairCheck = { ok: true; key: KeyDescription } | { ok: false; problem: 'certificate' | 'privateKey' | 'mismatch' };

/**
 * Reads a certificate and private key a client supplied: both must parse (PEM; the key
 * unencrypted) and the key must belong to the certificate. Answers the certificate's key.
 */
export function checkKeyPair(certificatePem: string, privateKeyPem: string): KeyPairCheck {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    return { ok: false, problem: 'certificate' };
  }
  try {
    createPrivateKey(privateKeyPem);
  } catch {
    return { ok: false, problem: 'privateKey' };
  }
  if (!publicKeyMatches(certificatePem, privateKeyPem)) return { ok: false, problem: 'mismatch' };
  return { ok: true, key: describeKey(certificate.publicKey) };
}

/**
 * A certificate as administrators paste it (an application's SP certificate, a SAML provider's IdP
 * certificate): PEM, or the base64 body from the peer's metadata.
 */
export function parsePastedCertificate(text: string): X509Certificate | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const body = trimmed.replace(/\s+/g, '');
  const pem = trimmed.includes('-----BEGIN')
    ? trimmed
    : `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}

/** Why a cert's private key cannot sign with `algorithm`, or null when it can. */
export type SigningKeyProblem = 'noPrivateKey' | 'privateKeyUnreadable' | 'wrongKeyType';

export function signingKeyProblem(privateKeyPem: string, algorithm: CertAlgorithm): SigningKeyProblem | null {
  if (!privateKeyPem.trim()) return 'noPrivateKey';
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch {
    return 'privateKeyUnreadable';
  }
  return keyFitsAlgorithm(algorithm, describeKey(key)) ? null : 'wrongKeyType';
}
