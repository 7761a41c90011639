import type { Explanation } from '@gatehouse/entities';
import { type Assertion, DefaultEffector, type Enforcer, type Model, newEnforcer } from 'casbin';
import { explanationOf, RecordingEffector } from './explain.js';
import { type EqualityPair, equalityPairs } from './matcher-index.js';
import { WildcardRoleManager } from './wildcard-subjects.js';

/** One request value: a string, or an object for attribute-based matchers (`r.sub.Age > 18`). */
export type RequestValue = string | number | boolean | object;

interface Index {
  pair: EqualityPair;
  /** Policies by the value of the indexed policy field, each list in the policy's own order. */
  buckets: Map<string, string[][]>;
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

  /** The decision with the rows that matched, the deciding row and the role chains (explain.ts). */
  explain(request: readonly unknown[]): Explanation {
    const values = this.valuesOf(request);
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
    return explanationOf(this.enforcer.getModel(), { allowed, decidingRule, candidates, pushed: recorder.pushed }, values, {
      policy: this.policyFields(),
      request: this.requestFields(),
    });
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
