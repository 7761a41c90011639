/** The home dashboard's series, by entity name, in the chart's order. */
export const DASHBOARD_SERIES = [
  'organization',
  'user',
  'provider',
  'application',
  'subscription',
  'role',
  'group',
  'resource',
  'cert',
  'permission',
  'transaction',
  'model',
  'adapter',
  'enforcer',
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's days: today and the 30 before it, oldest first, as YYYY-MM-DD UTC calendar days
 * (created times are stored in UTC). The server counts by them; the console labels the chart.
 */
export function dashboardDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 31 }, (_, i) => new Date(today - (30 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The four cards from the users' daily totals (31 values, today last): all users, and those added
 * today, in the past 7 days and in the past 30 days.
 */
export function userFigures(totals: readonly number[]) {
  const at = (daysBack: number) => totals[totals.length - 1 - daysBack] ?? 0;
  const total = at(0);
  return { total, today: total - at(1), past7Days: total - at(7), past30Days: total - at(30) };
}
