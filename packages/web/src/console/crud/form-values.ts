import type { EntityDefinition, FieldSpec } from '@gatehouse/entities';
import type { Rec } from '../../shared/data/client';

/** The fields an edit form shows: the definition's form, never a hidden field. */
export function formFields(def: EntityDefinition<any>): string[] {
  return def.form.filter((field) => !(def.fields[field] as FieldSpec<any>).hidden);
}

/** Stored values as the inputs hold them (JSON is edited as indented text). */
export function toFormValues(def: EntityDefinition<any>, fields: string[], record: Rec): Rec {
  const values: Rec = {};
  for (const field of fields) {
    const spec = def.fields[field] as FieldSpec<any>;
    const value = record[field] ?? spec.empty();
    values[field] = spec.kind === 'json' ? JSON.stringify(value, null, 2) : value;
  }
  return values;
}

/**
 * Input values back in the wire's shapes: cleared inputs become the field's empty value, JSON
 * text is parsed (the form's rule has already refused text that does not parse).
 */
export function fromFormValues(def: EntityDefinition<any>, fields: string[], values: Rec): Rec {
  const record: Rec = {};
  for (const field of fields) {
    record[field] = storedValue(def.fields[field] as FieldSpec<any>, values[field]);
  }
  return record;
}

/** One input's value in the wire's shape (JSON text parsed; the form's rule refuses text that does not parse). */
export function storedValue(spec: FieldSpec<any>, value: unknown): unknown {
  if (spec.kind === 'json' && typeof value === 'string') return value.trim() !== '' ? JSON.parse(value) : spec.empty();
  return value === undefined || value === null ? spec.empty() : value;
}

/** The definition's own check of one input (field-checks.ts), on the value as it would be stored; null when it passes. */
export function fieldProblem(spec: FieldSpec<any>, value: unknown) {
  if (!spec.check || (spec.kind === 'json' && jsonError(value) !== null)) return null;
  return spec.check(storedValue(spec, value));
}

/** The form rule of JSON fields: the text must parse. */
export function jsonError(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
