import type { Explanation, MatchedRule } from '@gatehouse/entities';
import { DefaultEffector, Effect, type Effector, type EffectorStream, type Model } from 'casbin';
import { wildcardsOf } from './wildcard-subjects.js';

/**
 * Explanations (POST /api/enforce-explain): a compiled enforcer decides the request as usual with a
 * RecordingEffector, which sees the effect of every row casbin was handed (compiled-enforcer.ts
 * explain); explanationOf turns what it saw into the rows the matcher accepted, the row the effect
 * decided by, and for each row the role chain from the request's subject.
 */

/** Records every row the matcher accepted while the real effect decides as usual. */
export class RecordingEffector implements Effector {
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

/** A decision made with a RecordingEffector. */
export interface RecordedDecision {
  allowed: boolean;
  decidingRule: string[];
  /** The `p` rows casbin was handed, in order (the request's bucket of the matcher index, or all). */
  candidates: readonly string[][];
  /** The effect of each of them, as the recording effector saw it. */
  pushed: readonly Effect[];
}

/** The explanation of a decision under `model` for the request's `values`, with the model's field names. */
export function explanationOf(
  model: Model,
  decision: RecordedDecision,
  values: readonly unknown[],
  fields: { policy: string[]; request: string[] },
): Explanation {
  const matched: MatchedRule[] = [];
  decision.pushed.forEach((eft, i) => {
    const rule = decision.candidates[i];
    if (eft !== Effect.Indeterminate && rule) matched.push({ ptype: 'p', rule, effect: effectName(eft) });
  });
  const subject = values[0];
  const grouping = model.model.get('g')?.get('g')?.policy ?? [];
  const domain = requestDomain(model, values);
  const chains = matched.map((m) => (typeof subject === 'string' ? roleChain(grouping, subject, m.rule[0] ?? '', domain) : []));
  return {
    allowed: decision.allowed,
    decidingRule: decision.decidingRule,
    matched,
    effect: model.model.get('e')?.get('e')?.value.replaceAll('p_', 'p.') ?? '',
    policyFields: fields.policy,
    requestFields: fields.request,
    chains,
  };
}

/**
 * The shortest path from `from` to `to` through the `g` rows (user → group → role → sub-role),
 * both ends included; a domain, when the rows carry one, must be the request's or empty.
 */
export function roleChain(rows: readonly string[][], from: string, to: string, requestDomain: string | undefined): string[] {
  if (from === to) return [from];
  const domain = rows.some((r) => r.length > 2) ? requestDomain : undefined;
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

/** The request's `dom` value, when the model's request has one. */
function requestDomain(model: Model, values: readonly unknown[]): string | undefined {
  const tokens = model.model.get('r')?.get('r')?.tokens ?? [];
  const at = tokens.indexOf('r_dom');
  const value = at >= 0 ? values[at] : undefined;
  return typeof value === 'string' ? value : undefined;
}
