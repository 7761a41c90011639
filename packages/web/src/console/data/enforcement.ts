import type { KeyedExplanation, Simulation } from '@gatehouse/entities';
import { type Rec, request } from '../../shared/data/client';

/** What the explain panel asks about: one permission or one enforcer (an /api/enforce selector). */
export interface EnforceTarget {
  kind: 'permissionId' | 'enforcerId';
  id: string;
}

/**
 * GET /api/get-enforce-fields: the request fields of the target's model (sub, obj, act ...) and,
 * in data2, the actions its policy rows name.
 */
export function getEnforceFields(target: EnforceTarget) {
  return request<string[], string[]>('GET', '/api/get-enforce-fields', { query: { [target.kind]: target.id } });
}

/** POST /api/enforce-explain: the decision with the rows that matched and the role chains. */
export function explainEnforce(target: EnforceTarget, values: string[]) {
  return request<KeyedExplanation[]>('POST', '/api/enforce-explain', { query: { [target.kind]: target.id }, body: values });
}

/** POST /api/simulate-permission: what saving the edited permission would change. */
export function simulatePermission(id: string, edited: Rec) {
  return request<Simulation>('POST', '/api/simulate-permission', { query: { id }, body: edited });
}
