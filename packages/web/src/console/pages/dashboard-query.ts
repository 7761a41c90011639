import { isGlobalAdmin, type Viewer } from '@gatehouse/entities/plain';
import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../shared/data/client';
import { preloadable } from '../../shared/plain/preloadable';
import { getDashboard } from '../data/dashboard';
import { ALL_ORGANIZATIONS } from '../shell/selected-organization';

/**
 * The dashboard's figures for `viewer` with `selected` chosen in the header: a global admin's
 * selection (all organizations, or one), everyone else's own organization. One definition for the
 * page and for the boot, which asks for them as soon as the account is known (routes.tsx).
 */
export function dashboardQuery(viewer: Viewer, selected: string) {
  const owner = isGlobalAdmin(viewer) ? (selected === ALL_ORGANIZATIONS ? '' : selected) : viewer.owner;
  return queryOptions({
    queryKey: ['dashboard', owner],
    queryFn: async () => unwrap(await getDashboard(owner)).data ?? {},
    // The boot's answer serves the page it was asked for (not asked again on mount).
    staleTime: 10_000,
  });
}

/**
 * The chart's code (the chart library, its own chunk): the page renders the chart once it is there,
 * the cards do not wait for it.
 */
export const DashboardChartCode = preloadable(() => import('./dashboard-chart'));
