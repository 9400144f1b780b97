import type { Resolvers } from '../generated/resolvers';
import { authMutations } from './auth';
import { chatConversationFields, chatMutations, chatQueries, chatSubscriptions } from './chat';
import { dashboardQueries } from './dashboard';
import { marketQueries, marketSubscriptions, watchlistItemMarketFields } from './market';
import { ordersMutations, ordersQueries, ordersSubscriptions } from './orders';
import { systemQueries } from './system';
import { tradingMutations, tradingQueries } from './trading';
import { userMutations, userQueries, userSubscriptions } from './user';

export const resolvers: Resolvers = {
  Query: {
    ...userQueries,
    ...systemQueries,
    ...tradingQueries,
    ...chatQueries,
    ...marketQueries,
    ...dashboardQueries,
    ...ordersQueries,
  },
  Mutation: {
    _noop: () => true,
    ...authMutations,
    ...userMutations,
    ...tradingMutations,
    ...chatMutations,
    ...ordersMutations,
  },
  Subscription: { ...userSubscriptions, ...chatSubscriptions, ...marketSubscriptions, ...ordersSubscriptions },
  ChatConversation: chatConversationFields,
  WatchlistItem: watchlistItemMarketFields,
};
