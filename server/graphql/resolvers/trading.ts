import { PAPER_BROKER_ID } from '../../services/brokers';
import type { BrokerInfoResolvers, MutationResolvers, Portfolio, QueryResolvers } from '../generated/resolvers';
import type { GraphQLContext } from '../context';

export const tradingQueries: Pick<QueryResolvers, 'tradingStatus' | 'tradingMode'> = {
  tradingStatus: (_parent, _args, { user, services }) => services.trading.status(user.id),
  tradingMode: (_parent, _args, { user, services }) => services.trading.mode(user.id),
};

export const tradingMutations: Pick<MutationResolvers, 'updateTradingMode'> = {
  updateTradingMode: (_parent, { input }, { user, services }) => services.trading.updateMode(user.id, input),
};

/** One valuation of the user's paper account per request, however many balance fields ask for it. */
const paperValuations = new WeakMap<GraphQLContext, Promise<Portfolio>>();
function paperAccount(context: GraphQLContext): Promise<Portfolio> {
  let valuation = paperValuations.get(context);
  if (!valuation) {
    valuation = context.services.trading.paper.portfolio(context.user.id);
    paperValuations.set(context, valuation);
  }
  return valuation;
}

/**
 * The paper broker's balances are its account's, valued only when a query selects them (the shell's mode
 * query does not); other brokers keep the values they came with.
 */
export const brokerBalanceFields: Pick<BrokerInfoResolvers, 'buyingPower' | 'portfolioValue' | 'lastSync'> = {
  buyingPower: async (broker, _args, context) =>
    broker.id === PAPER_BROKER_ID ? (await paperAccount(context)).buyingPower : broker.buyingPower,
  portfolioValue: async (broker, _args, context) =>
    broker.id === PAPER_BROKER_ID ? (await paperAccount(context)).totalValue : broker.portfolioValue,
  lastSync: async (broker, _args, context) =>
    broker.id === PAPER_BROKER_ID ? (await paperAccount(context)).lastUpdated : broker.lastSync,
};
