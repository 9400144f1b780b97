/**
 * Trading: the user's trading status and mode, and the paper broker (./engine.ts: order book, matching,
 * expiry and the paper account; its files here are internal to the area).
 */
import type { Database } from '../../db/client';
import type { TradingModeInput } from '../../../src/domain/trading/mode';
import type { MarketDataProvider } from '../market';
import type { TradingEngine } from './engine';
import { loadTradingMode, updateTradingMode } from './tradingMode';
import { loadTradingStatus } from './tradingStatus';

export {
  CANCELLED_BY_USER,
  createTradingEngine,
  EXPIRED_AT_CLOSE,
  EXPIRY_CHECK_MS,
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
  /** The paper broker; `start()`/`stop()` are called by the app (server/app.ts). */
  engine: TradingEngine;
}

/** What the trading resolvers call: status, mode and the paper broker's orders, trades and portfolio. */
export function createTradingService({ db, market, now, engine }: TradingServiceDependencies) {
  return {
    status: (userId: string) => loadTradingStatus(db, userId, now(), market),
    mode: (userId: string) => loadTradingMode(db, userId),
    updateMode: (userId: string, input: TradingModeInput) => updateTradingMode(db, userId, input),
    /** Paper broker: placeOrder, cancelOrder, cancelAllOrders, closePosition, orders, order, trades, portfolio, positions. */
    ...engine,
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
