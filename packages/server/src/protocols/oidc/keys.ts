import { createHash, X509Certificate } from 'node:crypto';
import { ADMIN_OWNER, type Application, cert as certDef } from '@gatehouse/entities';
import { type CryptoKey, exportJWK, importPKCS8, importX509, type JWK } from 'jose';
import type { ServerContext } from '../../context.js';
import type { Rec } from '../../crud/repository.js';
import { OAuthError } from './errors.js';

/** Signing algorithms an application may choose (spec part 2 §9); RS256 when empty. */
export type SigningAlg = 'RS256' | 'RS384' | 'RS512' | 'ES256' | 'ES384' | 'ES512' | 'PS256' | 'PS384' | 'PS512';

interface LoadedKeys {
  fingerprint: string;
  privateKeys: Map<string, CryptoKey>;
  publicKeys: Map<string, CryptoKey>;
}

// Imported keys by cert, re-imported when the cert's PEM changes (the row is read every time, so
// a rotated cert is used at once on every instance).
const loaded = new Map<string, LoadedKeys>();

function fingerprintOf(cert: Rec): string {
  return createHash('sha256').update(String(cert.privateKey)).update(String(cert.certificate)).digest('hex');
}

function slot(cert: Rec): LoadedKeys {
  const id = `${cert.owner}/${cert.name}`;
  const fingerprint = fingerprintOf(cert);
  let entry = loaded.get(id);
  if (!entry || entry.fingerprint !== fingerprint) {
    entry = { fingerprint, privateKeys: new Map(), publicKeys: new Map() };
    loaded.set(id, entry);
  }
  return entry;
}

/** The cert an application signs with: its own organization's cert of that name, else the shared one. */
export async function certOfApplication(server: ServerContext, app: Application): Promise<Rec> {
  const name = app.cert || 'cert-built-in';
  const certs = server.repo(certDef);
  const cert = (await certs.get(app.organization, name)) ?? (await certs.get(ADMIN_OWNER, name));
  if (!cert) throw new OAuthError('server_error', `The cert "${name}" of the application "${app.name}" does not exist`, 500);
  return cert;
}

export function signingAlgOf(app: Application): SigningAlg {
  return (app.tokenSigningMethod || 'RS256') as SigningAlg;
}

export async function privateKeyFor(cert: Rec, alg: SigningAlg): Promise<CryptoKey> {
  const entry = slot(cert);
  let key = entry.privateKeys.get(alg);
  if (!key) {
    try {
      key = (await importPKCS8(String(cert.privateKey), alg)) as CryptoKey;
    } catch {
      throw new OAuthError('server_error', `The key of cert "${cert.name}" cannot sign with ${alg}`, 500);
    }
    entry.privateKeys.set(alg, key);
  }
  return key;
}

export async function publicKeyFor(cert: Rec, alg: string): Promise<CryptoKey> {
  const entry = slot(cert);
  let key = entry.publicKeys.get(alg);
  if (!key) {
    key = (await importX509(String(cert.certificate), alg, { extractable: true })) as CryptoKey;
    entry.publicKeys.set(alg, key);
  }
  return key;
}

/**
 * The cert as a JWK of a key set: kid = cert name, x5c = its certificate. No `alg`: an application
 * may sign with another algorithm of the same key type than the cert's own (RS512 with an RS256
 * cert), and verifiers refuse a key whose `alg` differs from the token's.
 */
export async function publicJwkOf(cert: Rec): Promise<JWK | null> {
  try {
    const alg = String(cert.cryptoAlgorithm || 'RS256');
    const jwk = await exportJWK(await publicKeyFor(cert, alg));
    const der = new X509Certificate(String(cert.certificate)).raw.toString('base64');
    return { ...jwk, kid: String(cert.name), use: 'sig', x5c: [der] };
  } catch {
    // A cert without usable key material is left out of key sets rather than breaking them.
    return null;
  }
}
