import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import zh from '../../shared/i18n/locales/zh.json';
import { valueLabel } from './value-label';

/** A t over one catalogue, answering the key itself when it has no text (as i18n.ts does). */
function tOf(catalogue: Record<string, unknown>) {
  return (key: string) => {
    let node: unknown = catalogue;
    for (const part of key.split('.'))
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? node : key;
  };
}

describe('the label of a stored value', () => {
  it('is the catalogue’s text in Chinese and the value itself in English', () => {
    expect(valueLabel(tOf(zh), 'Allow')).toBe('允许');
    expect(valueLabel(tOf(zh), 'Approved')).toBe('已批准');
    expect(valueLabel(tOf(zh), 'Application')).toBe('应用');
    expect(valueLabel(tOf(en), 'Approved')).toBe('Approved');
  });

  it('is the value as stored when the catalogue has none (technical values)', () => {
    expect(valueLabel(tOf(zh), 'RS256')).toBe('RS256');
    expect(valueLabel(tOf(zh), 'application/json')).toBe('application/json');
  });
});
