import type { Resolvers } from '../generated/resolvers';
import { chatConversationFields, chatMutations, chatQueries, chatSubscriptions } from './chat';
import { dashboardQueries } from './dashboard';
import { marketQueries, marketSubscriptions } from './market';
import { systemQueries } from './system';
import { tradingMutations, tradingQueries } from './trading';
import { userMutations, userQueries, userSubscriptions } from './user';

export const resolvers: Resolvers = {
  Query: { ...userQueries, ...systemQueries, ...tradingQueries, ...chatQueries, ...marketQueries, ...dashboardQueries },
  Mutation: { _noop: () => true, ...userMutations, ...tradingMutations, ...chatMutations },
  Subscription: { ...userSubscriptions, ...chatSubscriptions, ...marketSubscriptions },
  ChatConversation: chatConversationFields,
};
