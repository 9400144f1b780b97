import type { MutationResolvers, QueryResolvers } from '../generated/resolvers';

export const tradingQueries: Pick<QueryResolvers, 'tradingStatus' | 'tradingMode'> = {
  tradingStatus: (_parent, _args, { user, services }) => services.trading.status(user.id),
  tradingMode: (_parent, _args, { user, services }) => services.trading.mode(user.id),
};

export const tradingMutations: Pick<MutationResolvers, 'updateTradingMode'> = {
  updateTradingMode: (_parent, { input }, { user, services }) => services.trading.updateMode(user.id, input),
};
