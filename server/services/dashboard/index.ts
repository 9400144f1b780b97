import { analyze } from '../../../src/domain/indicators';
import type { TradingModeInfo, TradingStatus } from '../../../src/domain/trading/mode';
import { DEFAULT_CANDLE_LIMIT, type MarketService } from '../market';
import type { SystemHealth } from '../system';
import {
  marketSentiment,
  portfolioRecommendations,
  riskAlerts,
  technicalPatterns,
  topOpportunities,
  type StockAnalysis,
} from './insights';
import { RECENT_ACTIVITY_LIMIT, summarizeActivity, type ActivitySource } from './activity';
import { computeMarketSnapshot, type MarketSnapshot, type SymbolData } from './marketSnapshot';
import type { DashboardTradingStatus, MarketConditions } from './model';

export type { ActivitySummary } from './activity';
export type { DashboardTradingStatus, MarketConditions } from './model';

/** A computed market snapshot is reused for this long (ms of the app clock): the dashboard polls often. */
export const SNAPSHOT_TTL_MS = 2000;
/** vixLevel below: low volatility regime; from HIGH_REGIME_FROM: high. */
export const LOW_REGIME_BELOW = 15;
export const HIGH_REGIME_FROM = 25;

export interface DashboardDependencies {
  market: MarketService;
  now: () => Date;
  tradingStatus: (userId: string) => Promise<TradingStatus>;
  tradingMode: (userId: string) => Promise<Pick<TradingModeInfo, 'effectiveMode'>>;
  systemHealth: () => Promise<SystemHealth>;
  /** The user's watchlists, in the order the watchlists query lists them. */
  watchlists: (userId: string) => Promise<readonly { symbols: readonly string[] }[]>;
  /** The paper broker's portfolio, orders and trades. */
  activity: ActivitySource;
}

interface UniverseState {
  at: number;
  snapshot: MarketSnapshot;
  stocks: StockAnalysis[];
}

/**
 * Dashboard overview and market conditions over the whole universe: each stock's quote and the same daily
 * candles technicalAnalysis reads (DEFAULT_CANDLE_LIMIT), summarised by ./marketSnapshot and ./insights.
 */
export function createDashboardService(deps: DashboardDependencies) {
  let cached: Promise<UniverseState> | undefined;
  let cachedAt = Number.NEGATIVE_INFINITY;

  const compute = async (at: number): Promise<UniverseState> => {
    const index = await deps.market.instruments();
    const quotes = await deps.market.universeQuotes();
    const universe: SymbolData[] = await Promise.all(
      quotes.map(async (quote) => ({
        instrument: index.get(quote.symbol)!,
        quote,
        daily: await deps.market.provider.getCandles(quote.symbol, '1D', DEFAULT_CANDLE_LIMIT),
      })),
    );
    const stocks = universe
      .filter((s) => s.instrument.type === 'stock')
      .map(({ instrument, quote, daily }) => ({
        symbol: instrument.symbol,
        name: instrument.name,
        sector: instrument.sector,
        price: quote.price,
        analysis: analyze(daily, at),
      }));
    return { at, snapshot: computeMarketSnapshot(universe), stocks };
  };

  const universe = () => {
    const at = deps.now().getTime();
    if (!cached || at < cachedAt || at - cachedAt >= SNAPSHOT_TTL_MS) {
      cachedAt = at;
      cached = compute(at);
      cached.catch(() => (cached = undefined));
    }
    return cached;
  };

  const tradingStatus = async (userId: string): Promise<DashboardTradingStatus> => {
    const [status, mode] = await Promise.all([deps.tradingStatus(userId), deps.tradingMode(userId)]);
    return {
      marketOpen: status.marketStatus === 'OPEN',
      tradingEnabled: status.tradingEnabled,
      paperTrading: mode.effectiveMode === 'paper',
      marketStatus: status.marketStatus,
    };
  };

  return {
    async conditions(): Promise<MarketConditions> {
      const { at, snapshot } = await universe();
      const { advancing, declining } = snapshot.breadth;
      const regime =
        snapshot.vixLevel < LOW_REGIME_BELOW ? 'low' : snapshot.vixLevel < HIGH_REGIME_FROM ? 'normal' : 'high';
      const leader = snapshot.sectors[0];
      return {
        timestamp: new Date(at).toISOString(),
        trend: snapshot.trend,
        volatilityRegime: regime,
        vixLevel: snapshot.vixLevel,
        breadth: snapshot.breadth,
        advanceDeclineRatio:
          declining > 0 ? Math.round((advancing / declining) * 100) / 100 : advancing > 0 ? advancing : 1,
        averageChangePercent: snapshot.averageChangePercent,
        sectors: snapshot.sectors,
        indices: snapshot.indices,
        volume: snapshot.volume,
        summary:
          `Trend ${snapshot.trend}, ${regime} volatility (${snapshot.vixLevel.toFixed(1)}%), ` +
          `${advancing} advancing / ${declining} declining` +
          (leader ? `; ${leader.sector} leads at ${leader.changePercent.toFixed(2)}%` : ''),
      };
    },
    async overview(userId: string) {
      const { activity } = deps;
      const [state, status, systemHealth, portfolio, recentTrades, recentOrders, allTrades, lists, index] =
        await Promise.all([
          universe(),
          tradingStatus(userId),
          deps.systemHealth(),
          activity.portfolio(userId),
          activity.recentTrades(userId, RECENT_ACTIVITY_LIMIT),
          activity.recentOrders(userId, RECENT_ACTIVITY_LIMIT),
          activity.allTrades(userId),
          deps.watchlists(userId),
          deps.market.instruments(),
        ]);
      const { snapshot, stocks } = state;
      const opportunities = topOpportunities(stocks);
      return {
        portfolio,
        watchlist: [...new Set(lists.flatMap((list) => list.symbols))].map((symbol) => ({
          symbol,
          name: index.get(symbol)?.name ?? null,
          // Resolved per item by WatchlistItem.marketData.
          marketData: null,
        })),
        recentActivity: {
          recentTrades,
          recentOrders,
          summary: summarizeActivity(allTrades, portfolio.dayGainLoss),
        },
        marketOverview: { indices: snapshot.indices, breadth: snapshot.breadth, volume: snapshot.volume },
        aiInsights: {
          marketSentiment: marketSentiment(snapshot),
          topOpportunities: opportunities,
          riskAlerts: riskAlerts(snapshot, portfolio),
          portfolioRecommendations: portfolioRecommendations(portfolio, stocks, opportunities),
          technicalPatterns: technicalPatterns(stocks),
        },
        tradingStatus: status,
        systemHealth,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
