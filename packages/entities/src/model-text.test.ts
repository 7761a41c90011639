import { describe, expect, it } from 'vitest';
import {
  API_MODEL_TEXT,
  DEFAULT_MODEL_TEXT,
  ModelTextError,
  modelFields,
  parseModelText,
  policyFieldNames,
  printModelText,
  withModelFields,
} from './model-text.js';

describe('model text', () => {
  it('reads the five definitions of the default model', () => {
    expect(modelFields(parseModelText(DEFAULT_MODEL_TEXT))).toEqual({
      request: 'sub, obj, act',
      policy: 'sub, obj, act',
      role: '_, _',
      effect: 'some(where (p.eft == allow))',
      matchers: 'g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act',
    });
  });

  it('prints the default model back to the same text', () => {
    expect(printModelText(parseModelText(DEFAULT_MODEL_TEXT))).toBe(DEFAULT_MODEL_TEXT);
  });

  it('joins continued lines and skips comments and blank lines', () => {
    const fields = modelFields(parseModelText(API_MODEL_TEXT));
    expect(fields.matchers.startsWith('(r.subOwner == p.subOwner || p.subOwner == "*") && (r.subName')).toBe(true);
    expect(fields.matchers).not.toContain('\\');
    expect(modelFields(parseModelText('# comment\n[request_definition]\n\n; note\nr = a')).request).toBe('a');
  });

  it('writes changed fields into the text and keeps the entries the form does not show', () => {
    const text = `${DEFAULT_MODEL_TEXT.replace('g = _, _', 'g = _, _\ng2 = _, _')}`;
    const next = withModelFields(parseModelText(text), {
      ...modelFields(parseModelText(text)),
      policy: 'sub, obj, act, eft',
      effect: 'priority(p.eft) || deny',
    });
    const printed = printModelText(next);
    expect(printed).toContain('p = sub, obj, act, eft');
    expect(printed).toContain('e = priority(p.eft) || deny');
    expect(printed).toContain('g2 = _, _');
    expect(modelFields(parseModelText(printed)).policy).toBe('sub, obj, act, eft');
  });

  it('drops an emptied role definition and adds a new one in the usual place', () => {
    const fields = modelFields(parseModelText(DEFAULT_MODEL_TEXT));
    const without = printModelText(withModelFields(parseModelText(DEFAULT_MODEL_TEXT), { ...fields, role: '' }));
    expect(without).not.toContain('role_definition');
    const back = withModelFields(parseModelText(without), fields);
    expect(back.map((s) => s.name)).toEqual([
      'request_definition',
      'policy_definition',
      'role_definition',
      'policy_effect',
      'matchers',
    ]);
    expect(printModelText(back)).toBe(DEFAULT_MODEL_TEXT);
  });

  it('reports the line that is neither a section, an entry nor a comment', () => {
    expect(() => parseModelText('[request_definition]\nr = a\nnonsense')).toThrow(ModelTextError);
    expect(() => parseModelText('[request_definition]\nr = a\nnonsense')).toThrow('line 3');
    expect(() => parseModelText('r = a')).toThrow('before any [section]');
  });

  it('names the values of a policy definition', () => {
    expect(policyFieldNames('sub, obj, act')).toEqual(['sub', 'obj', 'act']);
    expect(policyFieldNames('')).toEqual([]);
  });
});
