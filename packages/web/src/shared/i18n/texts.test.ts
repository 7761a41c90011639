import { describe, expect, it } from 'vitest';
import { fill, lookup, merge } from './texts';

describe('catalogue texts', () => {
  const catalogue = { signin: { signedInAs: 'Signed in as {{name}}', method: { code: 'Verification code' } } };

  it('finds a text by its dotted key, and nothing at a group or a missing key', () => {
    expect(lookup(catalogue, 'signin.signedInAs')).toBe('Signed in as {{name}}');
    expect(lookup(catalogue, 'signin.method.code')).toBe('Verification code');
    expect(lookup(catalogue, 'signin.method')).toBeUndefined();
    expect(lookup(catalogue, 'signin.signedInAs.more')).toBeUndefined();
    expect(lookup(catalogue, 'nope.key')).toBeUndefined();
    expect(lookup(undefined, 'signin.signedInAs')).toBeUndefined();
  });

  it('fills placeholders as written, spaces allowed, and keeps one without a value', () => {
    expect(fill('Signed in as {{name}}', { name: 'A&B' })).toBe('Signed in as A&B');
    expect(fill('{{ count }} of {{total}}', { count: 3, total: 10 })).toBe('3 of 10');
    expect(fill('Hello {{who}}', {})).toBe('Hello {{who}}');
  });

  it('lays the whole catalogue over its public part, group by group', () => {
    const whole = merge({ signin: { a: 'A' }, general: { ok: 'OK' } }, { signin: { b: 'B' }, user: { name: 'Name' } });
    expect(whole).toEqual({ signin: { a: 'A', b: 'B' }, general: { ok: 'OK' }, user: { name: 'Name' } });
  });
});
