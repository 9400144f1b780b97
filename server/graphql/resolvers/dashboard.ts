import type { QueryResolvers } from '../generated/resolvers';

export const dashboardQueries: Pick<QueryResolvers, 'dashboardOverview' | 'marketConditions'> = {
  dashboardOverview: (_parent, _args, { user, services }) => services.dashboard.overview(user.id),
  marketConditions: (_parent, _args, { services }) => services.dashboard.conditions(),
};
