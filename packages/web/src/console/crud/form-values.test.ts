import { organization, user } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { formFields, fromFormValues, jsonError, toFormValues } from './form-values';

describe('form values', () => {
  it('shows the definition form without hidden fields', () => {
    expect(formFields(user)).toEqual(user.form);
    expect(formFields(user)).not.toContain('passwordSalt');
  });

  it('edits JSON as text and reads it back', () => {
    const values = toFormValues(organization, ['name', 'mfaItems'], {
      name: 'acme',
      mfaItems: [{ name: 'app', rule: 'Optional' }],
    });
    expect(values.mfaItems).toBe('[\n  {\n    "name": "app",\n    "rule": "Optional"\n  }\n]');
    expect(fromFormValues(organization, ['name', 'mfaItems'], values)).toEqual({
      name: 'acme',
      mfaItems: [{ name: 'app', rule: 'Optional' }],
    });
  });

  it('turns cleared inputs into the empty value of their kind', () => {
    expect(
      fromFormValues(organization, ['displayName', 'initScore', 'tags', 'mfaItems'], { initScore: null, mfaItems: ' ' }),
    ).toEqual({
      displayName: '',
      initScore: 0,
      tags: [],
      mfaItems: [],
    });
  });

  it('reports JSON that does not parse', () => {
    expect(jsonError('{"a": 1}')).toBeNull();
    expect(jsonError('')).toBeNull();
    expect(jsonError('{a')).toBeTypeOf('string');
  });
});
