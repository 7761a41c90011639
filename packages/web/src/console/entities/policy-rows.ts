import { CASBIN_RULE_VALUES, type CasbinRule, policyFieldNames } from '@gatehouse/entities';

/** A row of the enforcer's policy table: a rule and a key that survives edits. */
export interface PolicyRow extends CasbinRule {
  key: string;
}

export type RuleValue = (typeof CASBIN_RULE_VALUES)[number];

/** A new row (rule type p, empty values) as Add puts it on top. */
export function newPolicyRow(key: string): PolicyRow {
  return { key, Id: 0, Ptype: 'p', V0: '', V1: '', V2: '', V3: '', V4: '', V5: '' };
}

/** The rule of a row, without its key (the server matches rules by their values, never by Id). */
export function ruleOf(row: CasbinRule): CasbinRule {
  return { Id: row.Id, Ptype: row.Ptype, V0: row.V0, V1: row.V1, V2: row.V2, V3: row.V3, V4: row.V4, V5: row.V5 };
}

/**
 * The value columns of the table: named from the model's policy definition (sub, obj, act) when
 * it is known, else V0..V5; as many as the widest of the policy and role definitions.
 */
export function valueColumns(modelCfg: Record<string, string> | undefined): { key: RuleValue; title: string }[] {
  if (!modelCfg?.p) return CASBIN_RULE_VALUES.map((key) => ({ key, title: key }));
  const names = policyFieldNames(modelCfg.p);
  const width = Math.min(6, Math.max(names.length, modelCfg.g ? policyFieldNames(modelCfg.g).length : 0));
  return CASBIN_RULE_VALUES.slice(0, width).map((key, i) => ({ key, title: names[i] ?? key }));
}
