import type { ScanHit } from '../../../src/domain/scanner/scanTypes';
import { analyze } from '../../../src/domain/indicators';
import type { TradingModeInfo, TradingStatus } from '../../../src/domain/trading/mode';
import { DEFAULT_CANDLE_LIMIT, type MarketService } from '../market';
import type { SystemHealth } from '../system';
import type { Portfolio } from '../../../src/domain/trading/account';
import type { Order, Trade } from '../../../src/domain/trading/orders';
import {
  marketSentiment,
  MAX_PATTERNS,
  PATTERN_SCANS,
  type NewsTone,
  type PatternScan,
  technicalPatterns,
  topOpportunities,
  userTopOpportunities,
  type MarketSentiment,
  type Opportunity,
  type PortfolioRecommendation,
  type RiskAlert,
  type StockAnalysis,
  type TechnicalPatternInsight,
  type UserOpportunity,
} from './insights';
import { portfolioRecommendations, riskAlerts } from './portfolioInsights';
import type { EventBus } from '../../events';
import { RECENT_ACTIVITY_LIMIT, summarizeActivity, type ActivitySource, type ActivitySummary } from './activity';
import { createUserStateCache } from './userState';
import { computeMarketSnapshot, type MarketSnapshot, type SymbolData } from './marketSnapshot';
import type { DashboardTradingStatus, MarketConditions } from './model';

export type { ActivitySummary } from './activity';
export type { DashboardTradingStatus, MarketConditions } from './model';

/** A computed market snapshot is reused for this long (ms of the app clock): the dashboard polls often. */
export const SNAPSHOT_TTL_MS = 2000;
/** The market news' tone is read again after this long (stories change far less often than quotes). */
export const NEWS_TONE_TTL_MS = 60_000;
/** vixLevel below: low volatility regime; from HIGH_REGIME_FROM: high. */
export const LOW_REGIME_BELOW = 15;
export const HIGH_REGIME_FROM = 25;

/** A symbol of the user's watchlists on the dashboard (its marketData is resolved by WatchlistItem.marketData). */
export interface DashboardWatchlistItem {
  symbol: string;
  name: string | null;
  marketData: null;
}

/** The overview as DashboardOverview's resolvers get it: everything but watchlist and systemHealth. */
export interface DashboardOverviewModel {
  portfolio: Portfolio;
  recentActivity: { recentTrades: Trade[]; recentOrders: Order[]; summary: ActivitySummary };
  marketOverview: SharedInsights['marketOverview'];
  aiInsights: {
    marketSentiment: MarketSentiment;
    topOpportunities: Opportunity[];
    riskAlerts: RiskAlert[];
    portfolioRecommendations: PortfolioRecommendation[];
    technicalPatterns: TechnicalPatternInsight[];
  };
  tradingStatus: DashboardTradingStatus;
}

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
  /** The broker's order events tell when a user's cached activity is out of date. */
  events: EventBus;
  /** The newest market-wide stories' sentiments (−1 to 1), folded into marketSentiment; none: left out. */
  marketNews?: () => Promise<readonly { sentiment: number }[]>;
  /**
   * The scanner's hits of the pattern scans now (technicalPatterns), answered at once from what is ready: null while
   * the scanner is still loading its universe (the first minutes after a start), so the overview is never held up.
   * None or null: the analyses' patterns alone (the scans' join from the next snapshot on).
   */
  patternScans?: (
    scanTypes: readonly PatternScan[],
    limit: number,
  ) => readonly { scanType: PatternScan; hits: readonly ScanHit[] }[] | null;
  /** The user's newest unread opportunity alerts (at most MAX_OPPORTUNITIES), which lead topOpportunities. */
  unreadOpportunities?: (userId: string) => Promise<readonly UserOpportunity[]>;
}

/** What every user's overview shares for one snapshot: computed once per tick, not per request. */
interface SharedInsights {
  marketOverview: Pick<MarketSnapshot, 'indices' | 'breadth' | 'volume'>;
  marketSentiment: MarketSentiment;
  topOpportunities: Opportunity[];
  technicalPatterns: TechnicalPatternInsight[];
}

interface UniverseState {
  at: number;
  snapshot: MarketSnapshot;
  stocks: StockAnalysis[];
  shared: SharedInsights;
}

/**
 * Dashboard overview and market conditions over the whole universe: each stock's quote and the same daily
 * candles technicalAnalysis reads (DEFAULT_CANDLE_LIMIT), summarised by ./marketSnapshot and ./insights.
 * What all users share (the snapshot, market overview, sentiment, opportunities, patterns) is computed once
 * per snapshot (SNAPSHOT_TTL_MS); each user's portfolio, activity, trading status and unread opportunity alerts
 * once per snapshot too, until their orders, preferences, trading mode or alerts change (./userState).
 */
export function createDashboardService(deps: DashboardDependencies) {
  const userStates = createUserStateCache({
    load: (userId: string) => userState(userId),
    events: deps.events,
    now: () => deps.now().getTime(),
  });
  let cached: Promise<UniverseState> | undefined;
  let cachedAt = Number.NEGATIVE_INFINITY;
  let tone: { at: number; value: Promise<NewsTone | null> } | undefined;
  /** The news tone, cached NEWS_TONE_TTL_MS; a failing news read leaves the news out (logged by the news service). */
  const newsTone = (at: number): Promise<NewsTone | null> => {
    if (!deps.marketNews) return Promise.resolve(null);
    if (!tone || at < tone.at || at - tone.at >= NEWS_TONE_TTL_MS) {
      const read = deps.marketNews().then(
        (items) => ({
          count: items.length,
          meanSentiment: items.length > 0 ? items.reduce((sum, item) => sum + item.sentiment, 0) / items.length : 0,
        }),
        () => null,
      );
      tone = { at, value: read };
    }
    return tone.value;
  };

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
    const snapshot = computeMarketSnapshot(universe);
    const tone = await newsTone(at);
    const patternHits = deps.patternScans?.(Object.keys(PATTERN_SCANS) as PatternScan[], MAX_PATTERNS) ?? [];
    const shared: SharedInsights = {
      marketOverview: { indices: snapshot.indices, breadth: snapshot.breadth, volume: snapshot.volume },
      marketSentiment: marketSentiment(snapshot, tone),
      topOpportunities: topOpportunities(stocks),
      technicalPatterns: technicalPatterns(stocks, patternHits),
    };
    return { at, snapshot, stocks, shared };
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

  /** What the overview reads per user: cached per snapshot by ./userState. */
  const userState = async (userId: string) => {
    const [status, portfolio, recentOrders, allTrades, alerts] = await Promise.all([
      tradingStatus(userId),
      deps.activity.portfolio(userId),
      deps.activity.recentOrders(userId, RECENT_ACTIVITY_LIMIT),
      deps.activity.allTrades(userId),
      deps.unreadOpportunities ? deps.unreadOpportunities(userId) : [],
    ]);
    return { status, portfolio, recentOrders, allTrades, alerts };
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
    /**
     * The overview but its watchlist and systemHealth, which DashboardOverview resolves only when a query
     * selects them (see `watchlist` and `systemHealth`). Recent trades are the newest of the user's trades,
     * read once for the activity summary.
     */
    async overview(userId: string): Promise<DashboardOverviewModel> {
      const state = await universe();
      const { status, portfolio, recentOrders, allTrades, alerts } = await userStates.get(userId, state.at);
      const { snapshot, stocks, shared } = state;
      return {
        portfolio,
        recentActivity: {
          recentTrades: allTrades.slice(-RECENT_ACTIVITY_LIMIT).reverse(),
          recentOrders,
          summary: summarizeActivity(allTrades, portfolio.dayGainLoss),
        },
        marketOverview: shared.marketOverview,
        aiInsights: {
          marketSentiment: shared.marketSentiment,
          topOpportunities: userTopOpportunities(alerts, stocks, shared.topOpportunities),
          riskAlerts: riskAlerts(snapshot, portfolio),
          portfolioRecommendations: portfolioRecommendations(portfolio, stocks, shared.topOpportunities),
          technicalPatterns: shared.technicalPatterns,
        },
        tradingStatus: status,
      };
    },
    /** The symbols of all the user's watchlists (oldest list first, each once); marketData per item is resolved apart. */
    async watchlist(userId: string): Promise<DashboardWatchlistItem[]> {
      const [lists, index] = await Promise.all([deps.watchlists(userId), deps.market.instruments()]);
      return [...new Set(lists.flatMap((list) => list.symbols))].map((symbol) => ({
        symbol,
        name: index.get(symbol)?.name ?? null,
        // Resolved per item by WatchlistItem.marketData.
        marketData: null,
      }));
    },
    systemHealth: () => deps.systemHealth(),
    /** The user's trading mode changed: their next overview reads their state afresh. */
    forget: (userId: string) => userStates.forget(userId),
    /** Ends the event subscriptions of the per-user cache (the app closes). */
    close: () => userStates.close(),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
