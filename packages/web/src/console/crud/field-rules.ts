import { type EntityDefinition, type FieldSpec, NAME_PATTERN } from '@gatehouse/entities';
import type { Rule } from 'antd/es/form';
import { fieldProblem, jsonError } from './form-values';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A form rule from a check that answers a message (or null when the value passes). */
const ruleOf = (check: (value: unknown) => string | null): Rule => ({
  validator: async (_: unknown, value: unknown) => {
    const problem = check(value);
    if (problem) throw new Error(problem);
  },
});

/** The range problem of a number input, in the viewer's language; null inside the range or when empty. */
export function rangeProblem(spec: FieldSpec<any>, value: unknown, label: string, t: Translate): string | null {
  if (typeof value !== 'number') return null;
  const { min, max } = spec;
  if (min !== undefined && max !== undefined && (value < min || value > max))
    return t('validation.numberRange', { label, min, max });
  if (min !== undefined && value < min) return t('validation.numberAtLeast', { label, min });
  if (max !== undefined && value > max) return t('validation.numberAtMost', { label, max });
  return null;
}

/**
 * The rules an input gets from the entity's definition, checked in the form before anything is
 * sent (the server checks each again): the field's check (URLs, e-mail addresses, lists), a
 * record's name, numbers within their range, JSON that parses.
 */
export function definitionRules(def: EntityDefinition<any>, field: string, label: string, t: Translate): Rule[] {
  const spec = def.fields[field] as FieldSpec<any>;
  const rules: Rule[] = [];
  if (spec.check) {
    rules.push(
      ruleOf((value) => {
        const problem = fieldProblem(spec, value);
        return problem ? t(`validation.${problem.key}`, { label, ...problem.params }) : null;
      }),
    );
  }
  if (field === 'name' && !def.pathName && !def.keyField) {
    rules.push(
      ruleOf((value) => {
        if (value === '' || value === undefined || value === null) return t('validation.nameRequired');
        return typeof value === 'string' && !NAME_PATTERN.test(value) ? t('validation.badName') : null;
      }),
    );
  }
  if (spec.kind === 'int' || spec.kind === 'money') rules.push(ruleOf((value) => rangeProblem(spec, value, label, t)));
  if (spec.kind === 'json') {
    rules.push(
      ruleOf((text) => {
        const error = jsonError(text);
        return error ? t('general.invalidJson', { error }) : null;
      }),
    );
  }
  return rules;
}
