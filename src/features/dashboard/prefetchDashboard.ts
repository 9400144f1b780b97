import type { QueryClient } from '@tanstack/react-query';
import { systemHealthQuery } from '../system/queries';
import { tradingStatusQuery } from '../trading/queries';
import { dashboardOverviewQuery } from './queries';

/** Starts the Dashboard's requests while its code loads (errors are shown by the cards, not thrown). */
export function prefetchDashboard({ context }: { context: { queryClient: QueryClient } }): void {
  void context.queryClient.prefetchQuery(dashboardOverviewQuery());
  void context.queryClient.prefetchQuery(tradingStatusQuery());
  void context.queryClient.prefetchQuery(systemHealthQuery());
}
