import { queryOptions } from '@tanstack/react-query';
import { gqlRequest } from '../../graphql/client';
import { DashboardOverviewDocument } from '../../graphql/generated/graphql';
import { WATCHED_STALE_TIME_MS } from '../market/watched';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: () => [...dashboardKeys.all, 'overview'] as const,
};

/** How often a visible Dashboard refreshes its overview (indices, breadth, insights). */
export const DASHBOARD_REFRESH_MS = 15_000;

export function dashboardOverviewQuery() {
  return queryOptions({
    queryKey: dashboardKeys.overview(),
    queryFn: () => gqlRequest(DashboardOverviewDocument),
    staleTime: WATCHED_STALE_TIME_MS,
  });
}
