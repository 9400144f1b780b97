/** What the dashboard returns besides the shapes of ./insights and ./activity (the API's types of the same names). */
import type { MarketStatus } from '../../../src/domain/marketClock';
import type { Breadth, ComputedIndex, MarketSnapshot, SectorPerformance } from './marketSnapshot';

export interface DashboardTradingStatus {
  marketOpen: boolean;
  tradingEnabled: boolean;
  /** The effective trading mode is paper. */
  paperTrading: boolean;
  marketStatus: MarketStatus;
}

/** The whole market now, from the universe's quotes and daily candles. */
export interface MarketConditions {
  /** ISO-8601. */
  timestamp: string;
  /** bullish, bearish or neutral. */
  trend: MarketSnapshot['trend'];
  /** low, normal or high (from vixLevel). */
  volatilityRegime: 'low' | 'normal' | 'high';
  /** Annualised realised volatility (%) of the cap-weighted index over the last 20 sessions: a VIX-like level. */
  vixLevel: number;
  breadth: Breadth;
  /** advancing / declining (advancing when nothing declines). */
  advanceDeclineRatio: number;
  /** Equal-weighted mean changePercent of the stocks. */
  averageChangePercent: number;
  sectors: SectorPerformance[];
  indices: ComputedIndex[];
  volume: MarketSnapshot['volume'];
  /** One sentence describing the above. */
  summary: string;
}
