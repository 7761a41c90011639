import { describe, expect, it } from 'vitest';
import { newPolicyRow, ruleOf, valueColumns } from './policy-rows';

describe('policy rows', () => {
  it('names the value columns after the policy definition', () => {
    expect(valueColumns({ p: 'sub, obj, act', g: '_, _' })).toEqual([
      { key: 'V0', title: 'sub' },
      { key: 'V1', title: 'obj' },
      { key: 'V2', title: 'act' },
    ]);
    expect(valueColumns({ p: 'sub, obj', g: '_, _, _' }).map((c) => c.title)).toEqual(['sub', 'obj', 'V2']);
  });

  it('falls back to V0..V5 without a model', () => {
    expect(valueColumns(undefined).map((c) => c.title)).toEqual(['V0', 'V1', 'V2', 'V3', 'V4', 'V5']);
  });

  it('starts a new row as a p rule and strips the key from a rule', () => {
    const row = newPolicyRow('new');
    expect(row.Ptype).toBe('p');
    expect(ruleOf({ ...row, V0: 'alice' })).toEqual({ Id: 0, Ptype: 'p', V0: 'alice', V1: '', V2: '', V3: '', V4: '', V5: '' });
  });
});
