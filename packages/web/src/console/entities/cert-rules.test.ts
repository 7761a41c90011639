import { describe, expect, it } from 'vitest';
import { certValuesChange } from './cert-rules';

const keys = { certificate: '-----BEGIN CERTIFICATE-----', privateKey: '-----BEGIN PRIVATE KEY-----' };

describe('cert form transitions', () => {
  it('changing the algorithm to ES clears both keys and sets the bit size to 0', () => {
    for (const algorithm of ['ES256', 'ES384', 'ES512']) {
      const all = { ...keys, cryptoAlgorithm: algorithm, bitSize: 4096 };
      expect(certValuesChange({ cryptoAlgorithm: algorithm }, all)).toEqual({ certificate: '', privateKey: '', bitSize: 0 });
    }
  });

  it('changing the algorithm to RS or PS keeps 1024, 2048 and 4096 and makes anything else 2048', () => {
    for (const algorithm of ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']) {
      for (const bitSize of [1024, 2048, 4096]) {
        expect(certValuesChange({ cryptoAlgorithm: algorithm }, { ...keys, cryptoAlgorithm: algorithm, bitSize })).toEqual({
          certificate: '',
          privateKey: '',
          bitSize,
        });
      }
      for (const bitSize of [0, 512, 3072, null, undefined]) {
        expect(certValuesChange({ cryptoAlgorithm: algorithm }, { ...keys, cryptoAlgorithm: algorithm, bitSize })).toEqual({
          certificate: '',
          privateKey: '',
          bitSize: 2048,
        });
      }
    }
  });

  it('changing the bit size clears both keys and nothing else', () => {
    expect(certValuesChange({ bitSize: 2048 }, { ...keys, cryptoAlgorithm: 'RS256', bitSize: 2048 })).toEqual({
      certificate: '',
      privateKey: '',
    });
  });

  it('other changes have no consequences', () => {
    expect(certValuesChange({ displayName: 'x' }, { ...keys, displayName: 'x' })).toBeUndefined();
    expect(certValuesChange({ certificate: 'pasted' }, { ...keys, certificate: 'pasted' })).toBeUndefined();
  });
});
