/**
 * The wire shapes of the explain-and-simulate calls (POST /api/enforce-explain,
 * POST /api/simulate-permission), shared by the server that answers and the console that shows them.
 */

/** A policy row the matcher accepted for a request, and what its effect contributed. */
export interface MatchedRule {
  ptype: string;
  rule: string[];
  /** The row's effect as casbin reads it (`allow` unless the policy has an `eft` field). */
  effect: 'allow' | 'deny' | 'indeterminate';
}

export interface Explanation {
  allowed: boolean;
  /** The row the model's effect decided by (casbin's explanation), empty when none did. */
  decidingRule: string[];
  /** Every row the matcher accepted, in the order of the policy. */
  matched: MatchedRule[];
  /** The policy effect expression (`some(where (p.eft == allow))` ...). */
  effect: string;
  /** The policy fields' names, for showing rows (`sub`, `obj`, `act` ...). */
  policyFields: string[];
  /** The request fields' names. */
  requestFields: string[];
  /** For each matched row: how the request's subject reaches the row's subject (user → group → role → sub-role). */
  chains: string[][];
}

/** One enforcer's explanation, under the key /api/enforce answers it with (data2). */
export interface KeyedExplanation {
  key: string;
  explanation: Explanation;
}

/** One request whose answer an edit would change. */
export interface AccessChange {
  user: string;
  domain: string;
  resource: string;
  action: string;
}

export interface Simulation {
  /** How many users were tried (the first of the organization, by name). */
  checked: number;
  /** The requests that would be allowed, or refused, after the edit and not before. */
  gained: AccessChange[];
  lost: AccessChange[];
  /** Distinct users in each list. */
  gainedUsers: number;
  lostUsers: number;
}

/** How many users of the organization a simulation tries. */
export const SIMULATION_USERS = 1000;

/** The kinds of effect casbin offers, by their expression (the explanation names the rule). */
export const EFFECT_KINDS: Record<string, string> = {
  'some(where (p.eft == allow))': 'allowOverride',
  '!some(where (p.eft == deny))': 'denyOverride',
  'some(where (p.eft == allow)) && !some(where (p.eft == deny))': 'allowAndDeny',
  'priority(p.eft) || deny': 'priority',
  'subjectPriority(p.eft) || deny': 'subjectPriority',
};
