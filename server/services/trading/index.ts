/**
 * Trading: the user's trading status and mode, and the broker orders go to. The paper broker (./engine.ts:
 * order book, matching, expiry and the paper account; the other files here are its internals) is the first
 * BrokerProvider (../brokers/provider.ts).
 */
import type { Database } from '../../db/client';
import type { TradingModeInput } from '../../../src/domain/trading/mode';
import type { BrokerProvider } from '../brokers';
import type { MarketDataProvider } from '../market';
import { loadTradingMode, updateTradingMode } from './tradingMode';
import { loadTradingStatus } from './tradingStatus';

export {
  CANCELLED_BY_USER,
  CANCELLED_STRATEGY_STOPPED,
  createTradingEngine,
  EXPIRED_AT_CLOSE,
  EXPIRY_CHECK_MS,
  type PaperBroker,
  type TradingEngine,
  type TradingEngineDeps,
} from './engine';
export { LIVE_TRADING_REFUSED, loadTradingMode, updateTradingMode } from './tradingMode';
export { loadTradingStatus } from './tradingStatus';
export { toOrder, toTrade } from './ordersView';
export { loadAllTrades } from './allTrades';

export interface TradingServiceDependencies {
  db: Database;
  market: MarketDataProvider;
  now: () => Date;
  /** The broker orders go to (the paper broker); `start()`/`stop()` are called by the app (server/app.ts). */
  broker: BrokerProvider;
}

/** What the trading resolvers call: status, mode and the broker's orders, trades and portfolio. */
export function createTradingService({ db, market, now, broker }: TradingServiceDependencies) {
  return {
    status: (userId: string) => loadTradingStatus(db, userId, now(), market),
    mode: (userId: string) => loadTradingMode(db, userId),
    updateMode: (userId: string, input: TradingModeInput) => updateTradingMode(db, userId, input),
    /** placeOrder, cancelOrder, cancelAllOrders, closePosition, orders, order, trades, portfolio, positions, … */
    broker,
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
