import { ADMIN_OWNER } from '@gatehouse/entities';
import type { EntityHooks, HookContext } from '../crud/hooks.js';
import type { Rec } from '../crud/repository.js';
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
import { AppError } from '../errors.js';
import { requireOrganization } from './organization-lookup.js';

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
async function generateKeys(cert: Rec, algorithm: CertAlgorithm): Promise<void> {
  refuseTooSmall(algorithm, Number(cert.bitSize));
  const generated = await generateCert({
    algorithm,
    bitSize: Number(cert.bitSize),
    expireInYears: Number(cert.expireInYears) || 20,
    commonName: String(cert.name),
    organization: String(cert.owner),
  });
  cert.certificate = generated.certificate;
  cert.privateKey = generated.privateKey;
}

/**
 * A certificate and private key the client supplied: they must parse, belong together and fit the
 * algorithm; the bit size is then the key's own (0 for EC keys).
 */
function acceptSuppliedKeys(cert: Rec, algorithm: CertAlgorithm): void {
  const checked = checkKeyPair(String(cert.certificate), String(cert.privateKey));
  if (!checked.ok) throw new AppError(PROBLEM_MESSAGES[checked.problem]);
  if (!keyFitsAlgorithm(algorithm, checked.key)) {
    throw new AppError('certKeyWrongType', { key: keyLabel(checked.key), algorithm });
  }
  cert.bitSize = 'bits' in checked.key ? checked.key.bits : 0;
  refuseTooSmall(algorithm, Number(cert.bitSize));
}

/**
 * Keeps the keys consistent with the algorithm, whatever the client sends: empty keys are
 * generated; keys sent back unchanged while the algorithm or bit size changed are regenerated
 * (the console clears them on that change, spec §4.6); keys of the client's own are checked.
 */
async function settleKeys(cert: Rec, before?: Rec): Promise<void> {
  const algorithm = String(cert.cryptoAlgorithm) as CertAlgorithm;
  const keysGiven = !!cert.certificate && !!cert.privateKey;
  const keysUnchanged = !!before && cert.certificate === before.certificate && cert.privateKey === before.privateKey;
  const algorithmChanged = algorithm !== before?.cryptoAlgorithm;
  // Untouched keys keep the stored bit size, even one outside the offered sizes (an uploaded key).
  if (keysGiven && keysUnchanged && !algorithmChanged && Number(cert.bitSize) === Number(before?.bitSize)) return;

  cert.bitSize = normalizeBitSize(algorithm, Number(cert.bitSize));
  if (!keysGiven) return generateKeys(cert, algorithm);
  if (!keysUnchanged) return acceptSuppliedKeys(cert, algorithm);
  if (algorithmChanged || cert.bitSize !== Number(before?.bitSize)) return generateKeys(cert, algorithm);
}

/** The owner of a cert is `admin` (shared with every organization) or an existing organization. */
async function requireOwner(ctx: HookContext, owner: string): Promise<void> {
  if (owner !== ADMIN_OWNER) await requireOrganization(ctx.server, owner, ctx.trx);
}

export const certHooks: EntityHooks = {
  beforeAdd: async (ctx, cert) => {
    await requireOwner(ctx, String(cert.owner));
    await settleKeys(cert);
  },
  beforeUpdate: async (ctx, before, next) => {
    if (next.owner !== before.owner) await requireOwner(ctx, String(next.owner));
    await settleKeys(next, before);
  },
};
