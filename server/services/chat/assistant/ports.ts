import type { StrategyDataCard } from '../../../../src/domain/chat/messages';
import type { PerformancePeriod } from '../../../../src/domain/chat/slashCommands';
import type { MarketQuote } from '../../../../src/domain/market/quote';

export interface QuoteView extends MarketQuote {
  name: string;
}

/** A technical analysis as the market service answers it (the same one technicalAnalysis(symbol) returns). */
export interface AnalysisView {
  symbol: string;
  trend: string;
  /** ATR as a percentage of the price. */
  volatility: number | null;
  support: number | null;
  resistance: number | null;
  recommendation: string;
  indicators: {
    rsi: number | null;
    macd: { macd: number | null; signal: number | null };
    sma20: number | null;
    sma50: number | null;
    bollingerBands: { upper: number | null; lower: number | null };
  };
  signals: { description: string; recommendation: string }[];
}

export interface PositionView {
  symbol: string;
  quantity: number;
  currentPrice: number;
  marketValue: number;
  unrealizedPnL: number;
  unrealizedPnLPercent: number;
}

export interface PortfolioView {
  totalValue: number;
  cash: number;
  buyingPower: number;
  totalGainLoss: number;
  totalGainLossPercent: number;
  dayGainLoss: number;
  dayGainLossPercent: number;
  positions: PositionView[];
}

export interface PerformanceView {
  period: PerformancePeriod;
  /** ISO dates of the period's first and last valuation. */
  from: string;
  to: string;
  startValue: number;
  endValue: number;
  change: number;
  changePercent: number;
}

export interface MarketView {
  advancing: number;
  declining: number;
  unchanged: number;
  gainers: QuoteView[];
  losers: QuoteView[];
}

/** A news story as the assistant cites it (the news service's: sentiment from −1 to 1). */
export interface NewsView {
  headline: string;
  source: string;
  sentiment: number;
  /** ISO-8601. */
  publishedAt: string;
}

export interface AlertView {
  id: string;
  symbol: string;
  condition: 'above' | 'below';
  triggerPrice: number;
  message: string;
}

/**
 * What the assistant reads and does, answered by the app's own services (market data, technical analysis,
 * the paper broker's portfolio, price alerts). The assistant never places orders: it proposes order cards.
 */
export interface AssistantPorts {
  quote(symbol: string): Promise<QuoteView | undefined>;
  analysis(symbol: string): Promise<AnalysisView | undefined>;
  portfolio(userId: string): Promise<PortfolioView>;
  performance(userId: string, period: PerformancePeriod): Promise<PerformanceView>;
  market(): Promise<MarketView>;
  createAlert(
    userId: string,
    input: { symbol: string; condition: 'above' | 'below'; triggerPrice: number },
  ): Promise<AlertView>;
  strategies: {
    create(userId: string, name: string): Promise<StrategyDataCard>;
    list(userId: string): Promise<StrategyDataCard[]>;
    find(userId: string, nameOrId: string): Promise<StrategyDataCard | null>;
  };
  /** The newest `limit` stories about `symbol`, newest first. */
  news(symbol: string, limit: number): Promise<NewsView[]>;
  /** The ticker a text mentions (by symbol or company name), if any. */
  findSymbol(text: string): Promise<string | undefined>;
}
