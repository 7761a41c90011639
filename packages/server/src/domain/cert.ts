import { ADMIN_OWNER, type Application, BUILT_IN_CERT, type Cert, cert as certDef } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import {
  type CertAlgorithm,
  checkKeyPair,
  generateCert,
  keyFitsAlgorithm,
  keyLabel,
  minimumRsaBitSize,
  normalizeBitSize,
  rsaKeyTooSmall,
} from '../crypto/certs.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { EntityDomain } from './entity-domain.js';
import type { HookContext } from './hooks.js';
import { requireOrganization } from './organization.js';

const PROBLEM_MESSAGES = {
  certificate: 'certInvalid',
  privateKey: 'certPrivateKeyInvalid',
  mismatch: 'certKeyMismatch',
} as const;

function refuseTooSmall(algorithm: CertAlgorithm, bitSize: number): void {
  if (rsaKeyTooSmall(algorithm, bitSize)) {
    throw new AppError('certKeyTooSmall', { algorithm, bitSize, min: minimumRsaBitSize(algorithm) });
  }
}

/** A fresh key pair and self-signed certificate for the cert's algorithm and (normalised) bit size. */
async function generateKeys(cert: Cert, algorithm: CertAlgorithm): Promise<void> {
  refuseTooSmall(algorithm, cert.bitSize);
  const generated = await generateCert({
    algorithm,
    bitSize: cert.bitSize,
    expireInYears: cert.expireInYears || 20,
    commonName: cert.name,
    organization: cert.owner,
  });
  cert.certificate = generated.certificate;
  cert.privateKey = generated.privateKey;
}

/**
 * A certificate and private key the client supplied: they must parse, belong together and fit the
 * algorithm; the bit size is then the key's own (0 for EC keys).
 */
function acceptSuppliedKeys(cert: Cert, algorithm: CertAlgorithm): void {
  const checked = checkKeyPair(cert.certificate, cert.privateKey);
  if (!checked.ok) throw new AppError(PROBLEM_MESSAGES[checked.problem]);
  if (!keyFitsAlgorithm(algorithm, checked.key)) {
    throw new AppError('certKeyWrongType', { key: keyLabel(checked.key), algorithm });
  }
  cert.bitSize = 'bits' in checked.key ? checked.key.bits : 0;
  refuseTooSmall(algorithm, cert.bitSize);
}

/**
 * Keeps the keys consistent with the algorithm, whatever the client sends: empty keys are
 * generated; keys sent back unchanged while the algorithm or bit size changed are regenerated
 * (the console clears them on that change); keys of the client's own are checked.
 */
async function settleKeys(cert: Cert, before?: Cert): Promise<void> {
  const algorithm = cert.cryptoAlgorithm;
  const keysGiven = !!cert.certificate && !!cert.privateKey;
  const keysUnchanged = !!before && cert.certificate === before.certificate && cert.privateKey === before.privateKey;
  const algorithmChanged = algorithm !== before?.cryptoAlgorithm;
  // Untouched keys keep the stored bit size, even one outside the offered sizes (an uploaded key).
  if (keysGiven && keysUnchanged && !algorithmChanged && cert.bitSize === before?.bitSize) return;

  cert.bitSize = normalizeBitSize(algorithm, cert.bitSize);
  if (!keysGiven) return generateKeys(cert, algorithm);
  if (!keysUnchanged) return acceptSuppliedKeys(cert, algorithm);
  if (algorithmChanged || cert.bitSize !== before?.bitSize) return generateKeys(cert, algorithm);
}

/** The owner of a cert is `admin` (shared with every organization) or an existing organization. */
async function requireOwner(ctx: HookContext, owner: string): Promise<void> {
  if (owner !== ADMIN_OWNER) await requireOrganization(ctx.server, owner, ctx.trx);
}

export const certs = new EntityDomain(certDef, {
  beforeAdd: async (ctx, cert) => {
    await requireOwner(ctx, cert.owner);
    await settleKeys(cert);
  },
  beforeUpdate: async (ctx, before, next) => {
    if (next.owner !== before.owner) await requireOwner(ctx, next.owner);
    await settleKeys(next, before);
  },
});

/** The name of the cert an application signs with (cert-built-in when it names none). */
export function certNameOf(app: Pick<Application, 'cert'>): string {
  return app.cert || BUILT_IN_CERT;
}

/** The cert an application signs with: its own organization's cert of that name, else the shared one. */
export async function certOfApplication(
  server: ServerContext,
  app: Pick<Application, 'cert' | 'organization'>,
  trx?: Db,
): Promise<Cert | undefined> {
  const name = certNameOf(app);
  const repo = server.repo(certDef);
  return (await repo.get(app.organization, name, trx)) ?? (await repo.get(ADMIN_OWNER, name, trx));
}
