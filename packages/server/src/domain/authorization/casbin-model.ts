import { modelFields, parseModelText, REQUIRED_MODEL_SECTIONS } from '@gatehouse/entities';
import { type Model, newModelFromString } from 'casbin';
import { AppError } from '../../errors.js';
import type { RuleRow } from './policy-rows.js';

/**
 * A casbin model from a model record's text (refused with the reason when casbin cannot load it),
 * what get-enforcer?loadModelCfg=true shows of it, and its policy rows in and out: the rows a rule
 * may have under it, the rows an adapter loads into it, the rows it holds.
 */

/** A model text casbin loads, or the AppError saying why not (nothing is saved with it). */
export function loadModelText(text: string): Model {
  let sections: string[];
  try {
    sections = parseModelText(text).map((s) => s.name);
  } catch (error) {
    throw new AppError('modelTextInvalid', { detail: error instanceof Error ? error.message : String(error) });
  }
  const missing = REQUIRED_MODEL_SECTIONS.filter((s) => !sections.includes(s));
  if (missing.length > 0) throw new AppError('modelTextInvalid', { detail: `missing required sections: ${missing.join(', ')}` });
  try {
    return newModelFromString(text);
  } catch (error) {
    throw new AppError('modelTextInvalid', { detail: error instanceof Error ? error.message : String(error) });
  }
}

/** What get-enforcer?loadModelCfg=true answers: the model's policy (p) and role (g) definitions. */
export function modelCfgOf(text: string): Record<string, string> {
  const fields = modelFields(parseModelText(text));
  return fields.role ? { p: fields.policy, g: fields.role } : { p: fields.policy };
}

/** The values a rule of `ptype` may have under the model: refuses unknown ptypes and extra values. */
export function checkRuleFits(model: Model, ptype: string, values: readonly string[]): void {
  const sec = ptype.charAt(0);
  const assertion = sec === 'p' || sec === 'g' ? model.model.get(sec)?.get(ptype) : undefined;
  if (!assertion) throw new AppError('policyUnknownPtype', { ptype: ptype || '-' });
  const allowed = sec === 'p' ? assertion.tokens.length : assertion.value.split(',').length;
  if (values.length > allowed) throw new AppError('policyTooManyValues', { ptype, count: values.length, allowed });
  if (values.length === 0) throw new AppError('policyEmpty');
}

/** Puts rows into a casbin model: rows whose ptype the model lacks are skipped. */
export function loadRowsInto(model: Model, rows: RuleRow[]): void {
  for (const row of rows) {
    const sec = row.ptype.charAt(0);
    if (!model.model.get(sec)?.has(row.ptype)) continue;
    model.addPolicy(sec, row.ptype, row.values);
  }
}

/** The policy types a casbin model defines, p sections then g sections (p, p2 ..., g, g2 ...). */
export function ptypesOf(model: Model): string[] {
  return ['p', 'g'].flatMap((sec) => [...(model.model.get(sec)?.keys() ?? [])]);
}

/** Every rule of a casbin model, in the order of ptypesOf. */
export function rowsOf(model: Model): RuleRow[] {
  const rows: RuleRow[] = [];
  for (const sec of ['p', 'g']) {
    for (const [ptype, assertion] of model.model.get(sec) ?? new Map()) {
      for (const values of assertion.policy) rows.push({ ptype, values: [...values] });
    }
  }
  return rows;
}
