import { RSA_BIT_SIZES } from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';

const DEFAULT_RSA_BIT_SIZE = 2048;

/**
 * The cert form's transitions: changing the algorithm clears the certificate and
 * the private key, and sets the bit size to 0 for ES algorithms or to 2048 when an RSA algorithm
 * has a size other than 1024, 2048 or 4096; changing the bit size clears both keys. The server
 * generates cleared keys on save.
 */
export function certValuesChange(changed: Rec, all: Rec): Rec | undefined {
  if ('cryptoAlgorithm' in changed) {
    const algorithm = String(changed.cryptoAlgorithm ?? '');
    const bitSize = Number(all.bitSize);
    const rsaBitSize = (RSA_BIT_SIZES as readonly number[]).includes(bitSize) ? bitSize : DEFAULT_RSA_BIT_SIZE;
    return { certificate: '', privateKey: '', bitSize: algorithm.startsWith('ES') ? 0 : rsaBitSize };
  }
  if ('bitSize' in changed) return { certificate: '', privateKey: '' };
  return undefined;
}
