import { type EntityDefinition, type Fields, fieldEntries, type RecordOf } from '@gatehouse/entities';
import { type LooseRecord, typedRecord } from '../db/repository.js';

/** A whole record of `def` for a test: the given values, every other field empty. */
export function recordOf<F extends Fields>(def: EntityDefinition<F>, values: Partial<RecordOf<F>> = {}): RecordOf<F> {
  const given: LooseRecord = values;
  const record: LooseRecord = {};
  for (const [key, field] of fieldEntries(def)) record[key] = key in given ? given[key] : field.empty();
  return typedRecord(def, record);
}

/** The body of add-permission for a Custom resource permission, enabled and allowing Read, with `fields` over it. */
export function permissionBody(owner: string, name: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    owner,
    name,
    users: [],
    groups: [],
    roles: [],
    domains: [],
    resourceType: 'Custom',
    actions: ['Read'],
    effect: 'Allow',
    isEnabled: true,
    ...fields,
  };
}
