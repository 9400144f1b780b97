import type { Resolvers } from '../generated/resolvers';
import { systemQueries } from './system';
import { tradingMutations, tradingQueries } from './trading';
import { userMutations, userQueries, userSubscriptions } from './user';

export const resolvers: Resolvers = {
  Query: { ...userQueries, ...systemQueries, ...tradingQueries },
  Mutation: { _noop: () => true, ...userMutations, ...tradingMutations },
  Subscription: { ...userSubscriptions },
};
