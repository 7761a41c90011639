import type { Explanation, MatchedRule } from '@gatehouse/entities';
import {
  type Assertion,
  DefaultEffector,
  DefaultRoleManager,
  Effect,
  type Effector,
  type EffectorStream,
  type Enforcer,
  type Model,
  newEnforcer,
} from 'casbin';
import { type EqualityPair, equalityPairs } from './matcher-index.js';

/** One request value: a string, or an object for attribute-based matchers (`r.sub.Age > 18`). */
export type RequestValue = string | number | boolean | object;

interface Index {
  pair: EqualityPair;
  /** Policies by the value of the indexed policy field, each list in the policy's own order. */
  buckets: Map<string, string[][]>;
}

/** Records every row the matcher accepted while the real effect decides as usual. */
class RecordingEffector implements Effector {
  readonly pushed: Effect[] = [];
  private readonly inner = new DefaultEffector();

  newStream(expr: string): EffectorStream {
    const inner = this.inner.newStream(expr);
    const pushed = this.pushed;
    let done = false;
    return {
      current: () => inner.current(),
      pushEffect: (eft: Effect): [boolean, boolean, boolean] => {
        pushed.push(eft);
        if (done) return [inner.current(), false, false];
        const [res, rec, finished] = inner.pushEffect(eft);
        done = finished;
        return [res, rec, false];
      },
    };
  }
}

function effectName(eft: Effect): MatchedRule['effect'] {
  if (eft === Effect.Allow) return 'allow';
  if (eft === Effect.Deny) return 'deny';
  return 'indeterminate';
}

/** `org/name` is also `org/*` (every user of the organization) and `*` (everyone). */
export function wildcardsOf(name: string): string[] {
  const slash = name.indexOf('/');
  return slash > 0 ? [`${name.slice(0, slash)}/*`, '*'] : ['*'];
}

/**
 * casbin's role manager, where a subject also inherits what its wildcards have: a permission for
 * `acme/*` (All) applies to every user of acme, and a role whose users are `acme/*` to them too.
 */
class WildcardRoleManager extends DefaultRoleManager {
  override syncedHasLink(name1: string, name2: string, ...domain: string[]): boolean {
    if (super.syncedHasLink(name1, name2, ...domain)) return true;
    return wildcardsOf(name1).some((w) => w === name2 || super.syncedHasLink(w, name2, ...domain));
  }

  override async hasLink(name1: string, name2: string, ...domain: string[]): Promise<boolean> {
    return this.syncedHasLink(name1, name2, ...domain);
  }
}

/** Strings holding a JSON object become objects, as Casdoor does for attribute-based requests. */
export function requestValues(request: readonly unknown[]): RequestValue[] {
  return request.map((value) => {
    if (typeof value === 'string' && value.trimStart().startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
      } catch {
        return value;
      }
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    return String(value);
  });
}

/**
 * A casbin enforcer built once from a model and its rows, answering synchronously. When the
 * matcher requires `r.X == p.Y` (matcher-index.ts), the policies are split by their Y value and
 * each request is evaluated against its own bucket only: the decision is the same as casbin's full
 * scan (rows the equality rules out cannot match, and a bucket without rows is given one row that
 * cannot match, so the effect sees what it would have seen), in time that does not grow with the
 * number of rows.
 */
export class CompiledEnforcer {
  private constructor(
    private readonly enforcer: Enforcer,
    private readonly assertion: Assertion | undefined,
    private readonly all: string[][],
    private readonly index: Index | undefined,
    /** The request's `act` position when actions compare in lower case (permissions' rows), else -1. */
    private readonly actionIndex: number,
  ) {}

  /** Builds the enforcer. `rules` are casbin rows by ptype (`p`, `p2`, `g`, `g2` ...). */
  static async build(
    model: Model,
    rules: ReadonlyMap<string, string[][]>,
    options: { wildcardSubjects?: boolean; lowerCaseActions?: boolean } = {},
  ): Promise<CompiledEnforcer> {
    const enforcer = await newEnforcer(model);
    // Subjects such as `org/*` (all users of an organization) stand for their members when present.
    if (options.wildcardSubjects) {
      for (const ptype of model.model.get('g')?.keys() ?? []) enforcer.setNamedRoleManager(ptype, new WildcardRoleManager(10));
      await enforcer.buildRoleLinks();
    }
    for (const [ptype, rows] of rules) {
      if (rows.length === 0) continue;
      if (ptype.startsWith('g')) await enforcer.addNamedGroupingPolicies(ptype, rows);
      else await enforcer.addNamedPolicies(ptype, rows);
    }
    const assertion = model.model.get('p')?.get('p');
    const all = assertion?.policy ?? [];
    const actionIndex = options.lowerCaseActions ? (model.model.get('r')?.get('r')?.tokens ?? []).indexOf('r_act') : -1;
    return new CompiledEnforcer(enforcer, assertion, all, CompiledEnforcer.indexOf(model, all), actionIndex);
  }

  /**
   * The request's values; with lower-case actions (rows compiled from permissions, whose actions are
   * kept in lower case) the `act` value too, so that "Read" and "read" are the same action.
   */
  private valuesOf(request: readonly unknown[]): RequestValue[] {
    const values = requestValues(request);
    const action = values[this.actionIndex];
    if (typeof action === 'string') values[this.actionIndex] = action.toLowerCase();
    return values;
  }

  private static indexOf(model: Model, policies: string[][]): Index | undefined {
    const matcher = model.model.get('m')?.get('m')?.value;
    const requestTokens = model.model.get('r')?.get('r')?.tokens;
    const policyTokens = model.model.get('p')?.get('p')?.tokens;
    if (!matcher || !requestTokens || !policyTokens || policies.length < 2) return undefined;
    let best: Index | undefined;
    for (const pair of equalityPairs(matcher, requestTokens, policyTokens)) {
      const buckets = new Map<string, string[][]>();
      for (const row of policies) {
        const key = row[pair.policy] ?? '';
        const bucket = buckets.get(key);
        if (bucket) bucket.push(row);
        else buckets.set(key, [row]);
      }
      if (!best || buckets.size > best.buckets.size) best = { pair, buckets };
    }
    return best && best.buckets.size > 1 ? best : undefined;
  }

  /** Runs `fn` with the policy narrowed to the rows that can match `request`. */
  private narrowed<T>(request: RequestValue[], fn: () => T): T {
    const index = this.index;
    const assertion = this.assertion;
    const value = index ? request[index.pair.request] : undefined;
    if (!index || !assertion || typeof value !== 'string') return fn();
    let bucket = index.buckets.get(value);
    if (!bucket) {
      const never = [...(this.all[0] ?? [])];
      never[index.pair.policy] = `${value}\u0000`;
      bucket = [never];
    }
    assertion.policy = bucket;
    try {
      return fn();
    } finally {
      assertion.policy = this.all;
    }
  }

  enforce(request: readonly unknown[]): boolean {
    const values = this.valuesOf(request);
    return this.narrowed(values, () => this.enforcer.enforceSync(...values));
  }

  /** The decision with the rows that matched, the deciding row and the role chains. */
  explain(request: readonly unknown[]): Explanation {
    const values = this.valuesOf(request);
    const model = this.enforcer.getModel();
    const recorder = new RecordingEffector();
    const candidates = this.narrowCandidates(values);
    this.enforcer.setEffector(recorder);
    let allowed: boolean;
    let decidingRule: string[];
    try {
      [allowed, decidingRule] = this.narrowed(values, () => this.enforcer.enforceExSync(...values));
    } finally {
      this.enforcer.setEffector(new DefaultEffector());
    }
    const matched: MatchedRule[] = [];
    recorder.pushed.forEach((eft, i) => {
      const rule = candidates[i];
      if (eft !== Effect.Indeterminate && rule) matched.push({ ptype: 'p', rule, effect: effectName(eft) });
    });
    const subject = values[0];
    const chains = matched.map((m) => (typeof subject === 'string' ? this.roleChain(subject, m.rule[0] ?? '', values) : []));
    return {
      allowed,
      decidingRule,
      matched,
      effect: model.model.get('e')?.get('e')?.value.replaceAll('p_', 'p.') ?? '',
      policyFields: this.policyFields(),
      requestFields: this.requestFields(),
      chains,
    };
  }

  private narrowCandidates(values: RequestValue[]): string[][] {
    const index = this.index;
    const value = index ? values[index.pair.request] : undefined;
    if (!index || typeof value !== 'string') return this.all;
    return index.buckets.get(value) ?? [];
  }

  /** The request fields' names (`sub`, `obj`, `act` ...). */
  requestFields(): string[] {
    return (this.enforcer.getModel().model.get('r')?.get('r')?.tokens ?? []).map((t) => t.replace(/^r_/, ''));
  }

  policyFields(): string[] {
    return (this.assertion?.tokens ?? []).map((t) => t.replace(/^p_/, ''));
  }

  /** The distinct values of the policy field `field` (`act`: the actions the rows name), in the rows' order. */
  policyValues(field: string): string[] {
    const index = this.policyFields().indexOf(field);
    if (index < 0) return [];
    return [...new Set(this.all.map((row) => row[index] ?? '').filter((value) => value !== ''))];
  }

  /**
   * The shortest path from `from` to `to` through the `g` rows (user → group → role → sub-role),
   * both ends included; a domain, when the rows carry one, must be the request's or empty.
   */
  roleChain(from: string, to: string, request: RequestValue[]): string[] {
    if (from === to) return [from];
    const rows = this.enforcer.getModel().model.get('g')?.get('g')?.policy ?? [];
    const domain = rows.some((r) => r.length > 2) ? this.requestDomain(request) : undefined;
    const next = new Map<string, string[]>();
    for (const [member, role, dom] of rows) {
      if (member === undefined || role === undefined) continue;
      if (domain !== undefined && dom && dom !== domain) continue;
      const list = next.get(member);
      if (list) list.push(role);
      else next.set(member, [role]);
    }
    const previous = new Map<string, string>([[from, from]]);
    const queue = [from];
    for (let head = 0; head < queue.length; head++) {
      const at = queue[head] ?? from;
      for (const role of next.get(at) ?? []) {
        if (previous.has(role)) continue;
        previous.set(role, at);
        if (role === to || wildcardsOf(role).includes(to)) {
          const chain = [role];
          let step = at;
          while (step !== from) {
            chain.unshift(step);
            step = previous.get(step) ?? from;
          }
          chain.unshift(from);
          return to === role ? chain : [...chain, to];
        }
        queue.push(role);
      }
    }
    return wildcardsOf(from).includes(to) ? [from, to] : [];
  }

  private requestDomain(request: RequestValue[]): string | undefined {
    const tokens = this.enforcer.getModel().model.get('r')?.get('r')?.tokens ?? [];
    const at = tokens.indexOf('r_dom');
    const value = at >= 0 ? request[at] : undefined;
    return typeof value === 'string' ? value : undefined;
  }

  /** Objects and actions of the `p` rows (casbin's getAllObjects / getAllActions). */
  async objects(): Promise<string[]> {
    return this.enforcer.getAllObjects();
  }

  async actions(): Promise<string[]> {
    return this.enforcer.getAllActions();
  }

  /** The `p` rows (for simulations: the same model with other rows). */
  policies(): string[][] {
    return this.all;
  }
}
