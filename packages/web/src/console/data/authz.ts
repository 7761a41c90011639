import type { CasbinRule } from '@gatehouse/entities';
import { type Rec, request } from '../../shared/data/client';

/** The policy calls of an enforcer and the adapter connection test (Casdoor's enforcer routes). */

export function getEnforcerWithModelCfg(owner: string, name: string) {
  return request<Rec | null>('GET', '/api/get-enforcer', { query: { id: `${owner}/${name}`, loadModelCfg: 'true' } });
}

/**
 * One page of the enforcer's policies, data2 their total (never every policy: the server pages
 * them). `sync` also has the server read the adapter again for its engine (the table's Sync).
 */
export function getPolicyPage(enforcerId: string, page: number, pageSize: number, sync = false) {
  const query: Record<string, string> = { id: enforcerId, p: String(page), pageSize: String(pageSize) };
  if (sync) query.sync = 'true';
  return request<CasbinRule[] | null, number>('GET', '/api/get-policies', { query });
}

export function addPolicy(enforcerId: string, rule: CasbinRule) {
  return request<string>('POST', '/api/add-policy', { query: { id: enforcerId }, body: rule });
}

export function updatePolicy(enforcerId: string, old: CasbinRule, next: CasbinRule) {
  return request<string>('POST', '/api/update-policy', { query: { id: enforcerId }, body: [old, next] });
}

export function removePolicy(enforcerId: string, rule: CasbinRule) {
  return request<string>('POST', '/api/remove-policy', { query: { id: enforcerId }, body: rule });
}

/** Connects with the stored adapter's settings (get-policies with adapterId, as Casdoor's console does). */
export function testAdapterConnection(adapterId: string) {
  return request<null>('GET', '/api/get-policies', { query: { id: '/', adapterId } });
}
