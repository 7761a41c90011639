import { describe, expect, it } from 'vitest';
import { equalityPairs } from './matcher-index.js';

const R = ['r_sub', 'r_obj', 'r_act'];
const P = ['p_sub', 'p_obj', 'p_act'];

describe('equalityPairs', () => {
  it('finds the equalities of a conjunction, in either order and in parentheses', () => {
    expect(equalityPairs('g(r.sub, p.sub) && r.obj == p.obj && (p.act == r.act)', R, P)).toEqual([
      { request: 1, policy: 1 },
      { request: 2, policy: 2 },
    ]);
  });

  it('reads the escaped form casbin keeps', () => {
    expect(equalityPairs('g(r_sub, p_sub) && r_obj == p_obj', R, P)).toEqual([{ request: 1, policy: 1 }]);
  });

  it('finds none when an alternative stands at the top level', () => {
    expect(equalityPairs('r.obj == p.obj && r.act == p.act || r.sub == "root"', R, P)).toEqual([]);
  });

  it('keeps the conjuncts beside a parenthesised alternative', () => {
    expect(equalityPairs('r.obj == p.obj && (r.act == p.act || p.act == "*")', R, P)).toEqual([{ request: 1, policy: 1 }]);
  });

  it('ignores operators inside strings, comparisons of one side and unknown tokens', () => {
    expect(equalityPairs('r.sub == "a || b" && r.obj == r.act && r.dom == p.dom', R, P)).toEqual([]);
  });

  it('ignores conjuncts that only contain an equality', () => {
    expect(equalityPairs('keyMatch(r.obj, p.obj) && r.act == p.act == true', R, P)).toEqual([]);
  });
});
