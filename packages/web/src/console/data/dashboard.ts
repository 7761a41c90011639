import { request } from '../../shared/data/client';

/** GET /api/get-dashboard: `<series>Counts`, the totals at the end of each of the last 31 days. */
export function getDashboard(owner: string) {
  return request<Record<string, number[]>>('GET', '/api/get-dashboard', { query: { owner } });
}
