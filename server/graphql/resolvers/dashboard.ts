import type { DashboardOverviewResolvers, QueryResolvers } from '../generated/resolvers';
import { watchlistItems } from '../watchlistItems';

export const dashboardQueries: Pick<QueryResolvers, 'dashboardOverview' | 'marketConditions'> = {
  dashboardOverview: (_parent, _args, { user, services }) => services.dashboard.overview(user.id),
  marketConditions: (_parent, _args, { services }) => services.dashboard.conditions(),
};

/** Read only when a query selects them: the dashboard screen asks for neither. */
export const dashboardOverviewFields: Pick<DashboardOverviewResolvers, 'watchlist' | 'systemHealth'> = {
  watchlist: async (_overview, _args, { user, services }) =>
    watchlistItems(services, user.id, await services.dashboard.watchlist(user.id)),
  systemHealth: (_overview, _args, { services }) => services.dashboard.systemHealth(),
};
