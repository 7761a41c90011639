import { createHash, X509Certificate } from 'node:crypto';
import { type Application, type Cert, cert as certDef, nowRfc3339 } from '@gatehouse/entities';
import { type CryptoKey, exportJWK, importPKCS8, importX509, type JWK } from 'jose';
import type { ServerContext } from '../../context.js';
import { signingKeyProblem } from '../../crypto/certs.js';
import { certNameOf, certOfApplication } from '../../domain/cert.js';
import { OAuthError } from './errors.js';

/** Signing algorithms an application may choose; RS256 when empty. */
export type SigningAlg = Exclude<Application['tokenSigningMethod'], ''>;

/**
 * A configuration the server can detect (a cert deleted after the application was saved, a key
 * that cannot sign) is the client's problem to fix, not a server failure: RFC 6749 §5.2
 * unauthorized_client, 400, with what to fix.
 */
function cannotSign(app: Application, reason: string): OAuthError {
  return new OAuthError('unauthorized_client', `The application "${app.name}" cannot issue tokens: ${reason}`);
}

/** The cert an application signs with: its own organization's cert of that name, else the shared one. */
export async function signingCertOf(server: ServerContext, app: Application): Promise<Cert> {
  const cert = await certOfApplication(server, app);
  if (!cert) throw cannotSign(app, `the cert "${certNameOf(app)}" does not exist`);
  return cert;
}

/**
 * The certs whose signatures of the application's tokens still count: its current one, then those
 * it signed with before until their tokens expire (application.retiredCerts).
 */
export async function verificationCertsOf(server: ServerContext, app: Application): Promise<Cert[]> {
  const current = await certOfApplication(server, app);
  const now = nowRfc3339();
  const retired = await Promise.all(
    app.retiredCerts
      .filter((entry) => entry.until > now)
      .map(async (entry) => {
        const [owner = '', name = ''] = entry.cert.split('/');
        return server.repo(certDef).get(owner, name);
      }),
  );
  const certs = [current, ...retired].filter((cert): cert is Cert => cert !== undefined);
  return certs.filter((cert, i) => certs.findIndex((other) => other.owner === cert.owner && other.name === cert.name) === i);
}

/** The public keys that may have signed the application's tokens with `alg` (see verificationCertsOf). */
export async function signingCertsOf(server: ServerContext, app: Application, alg: string): Promise<CryptoKey[]> {
  const { signingKeys } = server.services;
  const keys = await Promise.all(
    (await verificationCertsOf(server, app)).map((cert) => signingKeys.publicKeyFor(cert, alg).catch(() => null)),
  );
  return keys.filter((key): key is CryptoKey => key !== null);
}

export function signingAlgOf(app: Application): SigningAlg {
  return app.tokenSigningMethod || 'RS256';
}

interface LoadedKeys {
  fingerprint: string;
  privateKeys: Map<string, CryptoKey>;
  publicKeys: Map<string, CryptoKey>;
}

function fingerprintOf(cert: Cert): string {
  return createHash('sha256').update(cert.privateKey).update(cert.certificate).digest('hex');
}

/**
 * The certs' keys a server has imported (ctx.services.signingKeys), by cert, imported again when
 * the cert's PEM changes (the row is read every time, so a rotated cert is used at once on every
 * instance).
 */
export class SigningKeys {
  readonly #loaded = new Map<string, LoadedKeys>();

  #slot(cert: Cert): LoadedKeys {
    const id = `${cert.owner}/${cert.name}`;
    const fingerprint = fingerprintOf(cert);
    let entry = this.#loaded.get(id);
    if (!entry || entry.fingerprint !== fingerprint) {
      entry = { fingerprint, privateKeys: new Map(), publicKeys: new Map() };
      this.#loaded.set(id, entry);
    }
    return entry;
  }

  async privateKeyFor(app: Application, cert: Cert, alg: SigningAlg): Promise<CryptoKey> {
    const entry = this.#slot(cert);
    let key = entry.privateKeys.get(alg);
    if (!key) {
      const problem = signingKeyProblem(cert.privateKey, alg);
      if (problem === 'noPrivateKey' || problem === 'privateKeyUnreadable')
        throw cannotSign(app, `the cert "${cert.name}" has no usable private key`);
      try {
        key = await importPKCS8(cert.privateKey, alg);
      } catch {
        throw cannotSign(app, `the key of the cert "${cert.name}" cannot sign with ${alg}`);
      }
      entry.privateKeys.set(alg, key);
    }
    return key;
  }

  async publicKeyFor(cert: Cert, alg: string): Promise<CryptoKey> {
    const entry = this.#slot(cert);
    let key = entry.publicKeys.get(alg);
    if (!key) {
      key = await importX509(cert.certificate, alg, { extractable: true });
      entry.publicKeys.set(alg, key);
    }
    return key;
  }

  /**
   * The cert as a JWK of a key set: kid = cert name, x5c = its certificate. No `alg`: an application
   * may sign with another algorithm of the same key type than the cert's own (RS512 with an RS256
   * cert), and verifiers refuse a key whose `alg` differs from the token's.
   */
  async publicJwkOf(cert: Cert): Promise<JWK | null> {
    try {
      const alg = cert.cryptoAlgorithm || 'RS256';
      const jwk = await exportJWK(await this.publicKeyFor(cert, alg));
      const der = new X509Certificate(cert.certificate).raw.toString('base64');
      return { ...jwk, kid: cert.name, use: 'sig', x5c: [der] };
    } catch {
      // A cert without usable key material is left out of key sets rather than breaking them.
      return null;
    }
  }
}

declare module '../../context.js' {
  interface ServerServices {
    /** The imported keys of the certs that sign tokens (protocols/oidc/keys.ts). */
    readonly signingKeys: SigningKeys;
  }
}
