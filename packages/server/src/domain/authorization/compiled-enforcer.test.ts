import { newEnforcer, newModelFromString } from 'casbin';
import { describe, expect, it } from 'vitest';
import { DENY_OVERRIDE_MODEL, DOMAINS_MODEL, RBAC_MODEL } from '../../test-support/model-texts.js';
import { CompiledEnforcer } from './compiled-enforcer.js';

const NOT_DENIED = `[request_definition]
r = sub, obj, act
[policy_definition]
p = sub, obj, act, eft
[policy_effect]
e = !some(where (p.eft == deny))
[matchers]
m = r.sub == p.sub && r.obj == p.obj && r.act == p.act`;

function rules(p: string[][], g: string[][] = []): Map<string, string[][]> {
  return new Map([
    ['p', p],
    ['g', g],
  ]);
}

/** The same decisions as casbin's own full scan, for every request of a grid. */
async function sameAsCasbin(text: string, p: string[][], g: string[][], requests: string[][]): Promise<void> {
  const compiled = await CompiledEnforcer.build(newModelFromString(text), rules(p, g));
  const plain = await newEnforcer(newModelFromString(text));
  if (p.length) await plain.addPolicies(p);
  if (g.length) await plain.addGroupingPolicies(g);
  for (const request of requests)
    expect([request, compiled.enforce(request)]).toEqual([request, await plain.enforce(...request)]);
}

describe('CompiledEnforcer', () => {
  it('names the distinct values of a policy field (the actions the explain panel offers)', async () => {
    const compiled = await CompiledEnforcer.build(
      newModelFromString(NOT_DENIED),
      rules([
        ['alice', 'data1', 'read', 'allow'],
        ['bob', 'data1', 'write', 'deny'],
        ['carol', 'data2', 'read', 'allow'],
      ]),
    );
    expect(compiled.policyValues('act')).toEqual(['read', 'write']);
    expect(compiled.policyValues('dom')).toEqual([]);
  });

  it('decides as casbin does under RBAC, deny-override, domains and a default-allow effect', async () => {
    const subjects = ['alice', 'bob', 'carol', 'admins'];
    const objects = ['data1', 'data2', 'data3', 'nothing'];
    const actions = ['read', 'write'];
    const grid = subjects.flatMap((s) => objects.flatMap((o) => actions.map((a) => [s, o, a])));
    await sameAsCasbin(
      RBAC_MODEL,
      [
        ['alice', 'data1', 'read'],
        ['admins', 'data2', 'write'],
        ['bob', 'data3', 'read'],
      ],
      [
        ['carol', 'admins'],
        ['bob', 'admins'],
      ],
      grid,
    );
    await sameAsCasbin(
      DENY_OVERRIDE_MODEL,
      [
        ['admins', 'data1', 'read', 'allow'],
        ['admins', 'data2', 'read', 'allow'],
        ['bob', 'data1', 'read', 'deny'],
      ],
      [['bob', 'admins']],
      grid,
    );
    await sameAsCasbin(
      NOT_DENIED,
      [
        ['alice', 'data1', 'read', 'deny'],
        ['bob', 'data2', 'write', 'deny'],
      ],
      [],
      grid,
    );
    const domainGrid = ['d1', 'd2'].flatMap((d) => grid.map(([s, o, a]) => [s ?? '', d, o ?? '', a ?? '']));
    await sameAsCasbin(
      DOMAINS_MODEL,
      [
        ['admins', 'd1', 'data1', 'read'],
        ['admins', 'd2', 'data2', 'read'],
        ['alice', 'd2', 'data3', 'write'],
      ],
      [
        ['bob', 'admins', 'd1'],
        ['carol', 'admins', 'd2'],
      ],
      domainGrid,
    );
  });

  it('explains the rows that matched, the deciding row and the role chain', async () => {
    const compiled = await CompiledEnforcer.build(
      newModelFromString(DENY_OVERRIDE_MODEL),
      rules(
        [
          ['editors', 'doc', 'read', 'allow'],
          ['bob', 'doc', 'read', 'deny'],
          ['editors', 'other', 'read', 'allow'],
        ],
        [
          ['bob', 'group:acme/staff'],
          ['group:acme/staff', 'editors'],
        ],
      ),
    );
    const answer = compiled.explain(['bob', 'doc', 'read']);
    expect(answer.allowed).toBe(false);
    expect(answer.matched).toEqual([
      { ptype: 'p', rule: ['editors', 'doc', 'read', 'allow'], effect: 'allow' },
      { ptype: 'p', rule: ['bob', 'doc', 'read', 'deny'], effect: 'deny' },
    ]);
    expect(answer.decidingRule).toEqual(['bob', 'doc', 'read', 'deny']);
    expect(answer.chains).toEqual([['bob', 'group:acme/staff', 'editors'], ['bob']]);
    expect(answer.policyFields).toEqual(['sub', 'obj', 'act', 'eft']);
    expect(answer.effect).toBe('some(where (p.eft == allow)) && !some(where (p.eft == deny))');
    // The explanation left the enforcer as it was.
    expect(compiled.enforce(['bob', 'other', 'read'])).toBe(true);
  });

  it('matches organization-wide subjects by pattern when asked to', async () => {
    const compiled = await CompiledEnforcer.build(
      newModelFromString(RBAC_MODEL),
      rules(
        [
          ['acme/*', 'app', 'read'],
          ['x', 'y', 'z'],
        ],
        [],
      ),
      { wildcardSubjects: true },
    );
    expect(compiled.enforce(['acme/alice', 'app', 'read'])).toBe(true);
    expect(compiled.enforce(['other/alice', 'app', 'read'])).toBe(false);
    expect(compiled.explain(['acme/alice', 'app', 'read']).chains).toEqual([['acme/alice', 'acme/*']]);
  });

  it('takes objects as JSON text for attribute matchers', async () => {
    const model = newModelFromString(`[request_definition]
r = sub, obj, act
[policy_definition]
p = obj, act
[policy_effect]
e = some(where (p.eft == allow))
[matchers]
m = r.sub.Age >= 18 && r.obj == p.obj && r.act == p.act`);
    const compiled = await CompiledEnforcer.build(
      model,
      rules([
        ['bar', 'drink'],
        ['shop', 'buy'],
      ]),
    );
    expect(compiled.enforce(['{"Age": 20}', 'bar', 'drink'])).toBe(true);
    expect(compiled.enforce([{ Age: 12 }, 'bar', 'drink'])).toBe(false);
  });
});
