/** The user's trading mode and status (the API's TradingModeInfo, TradingModeInput, TradingModeResult, TradingStatus). */
import type { RiskTolerance } from '../constants';
import type { MarketStatus } from '../marketClock';
import type { BrokerInfo, TradingMode } from './broker';

/** A request to switch mode, optionally naming the broker. */
export interface TradingModeInput {
  mode: TradingMode;
  brokerId?: string | null;
}

export interface TradingModeResult {
  success: boolean;
  mode: TradingMode;
  message: string | null;
  error: string | null;
  /** Live trading was refused because no live broker can trade yet. */
  requiresBrokerSetup: boolean;
}

export interface TradingModeInfo {
  requestedMode: TradingMode;
  /** The requested mode if it can trade, otherwise paper. */
  effectiveMode: TradingMode;
  canTradeLive: boolean;
  activeBroker: BrokerInfo | null;
  brokers: BrokerInfo[];
  /** The user's trading parameters' limits in dollars (src/domain/trading/parameters.ts). */
  preferences: { riskTolerance: RiskTolerance; maxPositionSize: number; dailyLossLimit: number };
}

export interface TradingStatus {
  tradingEnabled: boolean;
  emergencyStop: boolean;
  /** A live broker's credentials are stored. */
  hasCredentials: boolean;
  marketStatus: MarketStatus;
  /** ISO-8601. */
  nextOpen: string;
  /** ISO-8601. */
  nextClose: string;
  /** The user's strategies trading automatically now. */
  activeStrategies: number;
}
