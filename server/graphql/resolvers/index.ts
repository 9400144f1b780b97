import type { Resolvers } from '../generated/resolvers';
import { accountMutations } from './account';
import { aiAnalysisQueries } from './aiAnalysis';
import { alertMutations, alertQueries, alertSubscriptions } from './alerts';
import { analyticsQueries } from './analytics';
import { authMutations } from './auth';
import { backtestMutations, backtestQueries } from './backtests';
import { brokerMutations, brokerQueries } from './brokers';
import { chatConversationFields, chatMutations, chatQueries, chatSubscriptions } from './chat';
import { dashboardOverviewFields, dashboardQueries } from './dashboard';
import { marketQueries, marketSubscriptions, watchlistItemMarketFields } from './market';
import { newsQueries, newsSubscriptions } from './news';
import { opportunityMutations, opportunityQueries, opportunitySubscriptions } from './opportunities';
import { scannerQueries } from './scanner';
import { ordersMutations, ordersQueries, ordersSubscriptions } from './orders';
import { pushMutations, pushQueries } from './push';
import { reportMutations, reportQueries } from './reports';
import { recommendationMutations, recommendationQueries } from './recommendations';
import { strategyFields, strategyMutations, strategyQueries } from './strategies';
import { systemQueries } from './system';
import { monitoringQueries } from './monitoring';
import { brokerBalanceFields, tradingMutations, tradingQueries } from './trading';
import { tradingParametersMutations, tradingParametersQueries } from './tradingParameters';
import { userFields, userMutations, userQueries, userSubscriptions } from './user';
import { watchlistItemFields, watchlistMutations, watchlistQueries } from './watchlists';

export const resolvers: Resolvers = {
  Query: {
    ...userQueries,
    ...systemQueries,
    ...monitoringQueries,
    ...tradingQueries,
    ...tradingParametersQueries,
    ...chatQueries,
    ...marketQueries,
    ...newsQueries,
    ...aiAnalysisQueries,
    ...scannerQueries,
    ...dashboardQueries,
    ...ordersQueries,
    ...watchlistQueries,
    ...alertQueries,
    ...strategyQueries,
    ...recommendationQueries,
    ...backtestQueries,
    ...brokerQueries,
    ...analyticsQueries,
    ...reportQueries,
    ...pushQueries,
    ...opportunityQueries,
  },
  Mutation: {
    _noop: () => true,
    ...authMutations,
    ...accountMutations,
    ...userMutations,
    ...tradingMutations,
    ...tradingParametersMutations,
    ...chatMutations,
    ...ordersMutations,
    ...watchlistMutations,
    ...alertMutations,
    ...strategyMutations,
    ...recommendationMutations,
    ...backtestMutations,
    ...brokerMutations,
    ...reportMutations,
    ...pushMutations,
    ...opportunityMutations,
  },
  Subscription: {
    ...userSubscriptions,
    ...chatSubscriptions,
    ...marketSubscriptions,
    ...ordersSubscriptions,
    ...alertSubscriptions,
    ...opportunitySubscriptions,
    ...newsSubscriptions,
  },
  ChatConversation: chatConversationFields,
  WatchlistItem: { ...watchlistItemMarketFields, ...watchlistItemFields },
  DashboardOverview: dashboardOverviewFields,
  BrokerInfo: brokerBalanceFields,
  User: userFields,
  TradingStrategy: strategyFields,
};
