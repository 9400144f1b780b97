import { DEFAULT_CLOSE_PERCENTAGE } from '../../../src/domain/constants';
import type {
  MutationResolvers,
  Order,
  Portfolio,
  QueryResolvers,
  SubscriptionResolvers,
  Trade,
} from '../generated/resolvers';

/** Paper broker: portfolio, positions, orders and trades of the signed-in user (schema/orders.graphql). */
export const ordersQueries: Pick<QueryResolvers, 'portfolio' | 'positions' | 'orders' | 'order' | 'trades'> = {
  portfolio: (_parent, _args, { user, services }) => services.trading.broker.portfolio(user.id),
  positions: (_parent, _args, { user, services }) => services.trading.broker.positions(user.id),
  orders: (_parent, { limit, status, strategyId }, { user, services }) =>
    services.trading.broker.orders(user.id, { limit, status, strategyId }),
  order: (_parent, { id }, { user, services }) => services.trading.broker.order(user.id, id),
  trades: (_parent, { limit, symbol }, { user, services }) =>
    services.trading.broker.trades(user.id, { limit, symbol }),
};

export const ordersMutations: Pick<
  MutationResolvers,
  'placeOrder' | 'cancelOrder' | 'cancelAllOrders' | 'closePosition'
> = {
  // placeOrder and closePosition count against the user's order rate limit (checked as the order is stored).
  placeOrder: (_parent, { input }, { user, services }) => services.trading.broker.placeOrder(user.id, input),
  cancelOrder: (_parent, { id }, { user, services }) => services.trading.broker.cancelOrder(user.id, id),
  cancelAllOrders: (_parent, { symbol }, { user, services }) =>
    services.trading.broker.cancelAllOrders(user.id, symbol),
  closePosition: (_parent, { symbol, percentage }, { user, services }) =>
    services.trading.broker.closePosition(user.id, symbol, percentage ?? DEFAULT_CLOSE_PERCENTAGE),
};

export const ordersSubscriptions: Pick<SubscriptionResolvers, 'portfolioUpdates' | 'orderUpdates' | 'tradeExecutions'> =
  {
    portfolioUpdates: {
      subscribe: (_parent, _args, { user, services }) => services.trading.broker.portfolioUpdates(user.id),
      resolve: (portfolio: Portfolio) => portfolio,
    },
    orderUpdates: {
      subscribe: (_parent, _args, { user, services }) => services.events.subscribe('orderUpdated', user.id),
      resolve: (order: Order) => order,
    },
    tradeExecutions: {
      subscribe: (_parent, _args, { user, services }) => services.events.subscribe('tradeExecuted', user.id),
      resolve: (trade: Trade) => trade,
    },
  };
