import { type FieldSpec, int, organization, user } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/data/client';
import { rangeProblem } from './field-rules';
import { fieldProblem } from './form-values';
import { fieldRefusal } from './use-entity-form';

const labels: Record<string, string> = { websiteUrl: 'Website URL', email: 'Email', initScore: 'Initial score' };
const label = (field: string) => labels[field] ?? field;
const fields = ['name', 'websiteUrl', 'email', 'initScore'];

describe('a refusal of one field', () => {
  it('goes under its field, with the label in place of the internal name', () => {
    const error = new ApiError(
      'websiteUrl must be an http:// or https:// address; "ftp://x" is not',
      'fieldUrlScheme',
      'websiteUrl',
    );
    expect(fieldRefusal(error, fields, label)).toEqual({
      field: 'websiteUrl',
      text: 'Website URL must be an http:// or https:// address; "ftp://x" is not',
    });
    const typed = new ApiError('Invalid value of initScore: expected a number', 'invalidField', 'initScore');
    expect(fieldRefusal(typed, fields, label)?.text).toBe('Invalid value of Initial score: expected a number');
    // A name refusal already speaks of "the name".
    const named = new ApiError('The name "a b" may not contain "/", spaces or control characters', 'badName', 'name');
    expect(fieldRefusal(named, fields, label)?.text).toBe(named.message);
  });

  it('is none for a refusal of no field, or of a field the form does not show', () => {
    expect(fieldRefusal(new ApiError('Unauthorized operation', 'unauthorized'), fields, label)).toBeNull();
    expect(fieldRefusal(new ApiError('x must be', 'invalidField', 'password'), fields, label)).toBeNull();
    expect(fieldRefusal(new Error('offline'), fields, label)).toBeNull();
  });
});

describe("a definition's check in the form", () => {
  it('reads the input as it would be stored: JSON text parsed, text as typed', () => {
    const mfaItems = organization.fields.mfaItems as FieldSpec<unknown>;
    const one = JSON.stringify([{ name: 'app', rule: 'Optional' }], null, 2);
    // The text's characters repeat; the methods do not.
    expect(fieldProblem(mfaItems, one)).toBeNull();
    const twice = JSON.stringify([
      { name: 'app', rule: 'Optional' },
      { name: 'app', rule: 'Required' },
    ]);
    expect(fieldProblem(mfaItems, twice)).toEqual({ key: 'mfaItemsDuplicate', params: { name: 'app' } });
    // Text that does not parse is the JSON rule's to report.
    expect(fieldProblem(mfaItems, '[{')).toBeNull();

    const email = user.fields.email as FieldSpec<unknown>;
    expect(fieldProblem(email, 'not-an-email')).toEqual({ key: 'fieldEmail', params: { value: 'not-an-email' } });
    expect(fieldProblem(email, 'mira@example.com')).toBeNull();
    expect(fieldProblem(email, '')).toBeNull();
  });
});

describe('a number outside its range', () => {
  const t = (key: string, params?: Record<string, unknown>) => `${key} ${JSON.stringify(params)}`;
  it('names the range, or the bound it passed', () => {
    const port = { ...int({ min: 0, max: 65535 }) } as FieldSpec<unknown>;
    expect(rangeProblem(port, 70000, 'Port', t)).toBe('validation.numberRange {"label":"Port","min":0,"max":65535}');
    expect(rangeProblem(port, 22, 'Port', t)).toBeNull();
    const hours = { ...int({ min: 1 }) } as FieldSpec<unknown>;
    expect(rangeProblem(hours, 0, 'Expire', t)).toBe('validation.numberAtLeast {"label":"Expire","min":1}');
    expect(rangeProblem(hours, null, 'Expire', t)).toBeNull();
    expect(rangeProblem({ ...int({ max: 9 }) } as FieldSpec<unknown>, 10, 'X', t)).toBe(
      'validation.numberAtMost {"label":"X","max":9}',
    );
  });
});
