import { RSI_OVERBOUGHT, RSI_OVERSOLD, type TechnicalAnalysis } from '../../../src/domain/indicators';
import type { ScanHit, ScanType } from '../../../src/domain/scanner/scanTypes';
import type { MarketSnapshot } from './marketSnapshot';

/**
 * Dashboard insights, each a documented rule over the market snapshot, the stocks' technical analyses
 * and the user's portfolio; no value is a made-up constant.
 */

export interface MarketSentiment {
  overall: 'bullish' | 'bearish' | 'neutral';
  retail: number;
  institutional: number;
  fearGreedIndex: number;
  vixLevel: number;
  putCallRatio: number;
}

/** The recent market news' mean sentiment (−1 to 1) over `count` stories. */
export interface NewsTone {
  meanSentiment: number;
  count: number;
}

/** A stock's analysis with what the insight texts need. */
export interface StockAnalysis {
  symbol: string;
  name: string;
  sector: string;
  price: number;
  analysis: Omit<TechnicalAnalysis, 'symbol'>;
}

/** The user's portfolio as the rules read it (dollars). */
export interface PortfolioView {
  totalValue: number;
  cash: number;
  dayGainLossPercent: number;
  positions: { symbol: string; marketValue: number; unrealizedPnLPercent: number }[];
}

export interface Opportunity {
  symbol: string;
  name: string;
  price: number;
  rsi: number;
  action: 'BUY' | 'SELL';
  reason: string;
  /** The user's opportunity alert this comes from; undefined for the market-wide RSI list. */
  alertId?: string;
}

/** An unread opportunity alert of the user, as the Dashboard's topOpportunities lead with it. */
export interface UserOpportunity {
  id: string;
  symbol: string;
  reasoning: string;
}

export interface RiskAlert {
  severity: 'info' | 'warning' | 'critical';
  title: string;
  message: string;
  symbol: string | null;
}

export interface PortfolioRecommendation {
  type: 'diversify' | 'trim' | 'deploy_cash' | 'cut_loss' | 'hold';
  symbol: string | null;
  message: string;
}

export interface TechnicalPatternInsight {
  symbol: string;
  pattern: string;
  description: string;
  recommendation: string;
  strength: number;
}

/** fearGreedIndex at or above: bullish; at or below FEAR_BELOW: bearish. */
export const GREED_FROM = 60;
export const FEAR_BELOW = 40;
/** Most entries per insight list. */
export const MAX_OPPORTUNITIES = 5;
export const MAX_PATTERNS = 8;
/** The scanner's cross and breakout scans reported as technical patterns, with the side each one points to. */
export const PATTERN_SCANS = {
  MACD_BULLISH_CROSS: 'BUY',
  MACD_BEARISH_CROSS: 'SELL',
  GOLDEN_CROSS: 'BUY',
  DEATH_CROSS: 'SELL',
  BREAKOUT: 'BUY',
} as const satisfies Partial<Record<ScanType, 'BUY' | 'SELL'>>;
export type PatternScan = keyof typeof PATTERN_SCANS;
/** Analysis signals reported as technical patterns besides the scans: the band breaks and SMA20/50 crosses. */
const PATTERN_TYPES = new Set([
  'BOLLINGER_UPPER_BREAK',
  'BOLLINGER_LOWER_BREAK',
  'MA_BULLISH_CROSS',
  'MA_BEARISH_CROSS',
]);

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
/** `part` as a percentage of `whole` (50 when `whole` is 0). */
export const share = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 50);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * retail = % of stocks advancing among those that moved (equal weight; 50 when none moved);
 * institutional = % of dollar volume in advancing stocks (50 when none);
 * fearGreedIndex = mean of retail, institutional, the new-highs share of new highs + new lows (50 when
 * none), calm = 100 − 2 × vixLevel clamped to 0–100 and, when there are recent market stories, their news tone
 * = 50 × (1 + mean sentiment) (0–100, 50 neutral); overall from GREED_FROM / FEAR_BELOW;
 * putCallRatio stands in for options data with (down volume + 1) / (up volume + 1).
 */
export function marketSentiment(snapshot: MarketSnapshot, news: NewsTone | null = null): MarketSentiment {
  const { breadth } = snapshot;
  const retail = share(breadth.advancing, breadth.advancing + breadth.declining);
  const institutional = share(snapshot.upDollarVolume, snapshot.upDollarVolume + snapshot.downDollarVolume);
  const highs = share(breadth.newHighs, breadth.newHighs + breadth.newLows);
  const calm = clamp(100 - 2 * snapshot.vixLevel, 0, 100);
  const parts = [retail, institutional, highs, calm];
  if (news && news.count > 0) parts.push(clamp(50 * (1 + news.meanSentiment), 0, 100));
  const fearGreedIndex = round(parts.reduce((sum, x) => sum + x, 0) / parts.length, 1);
  return {
    overall: fearGreedIndex >= GREED_FROM ? 'bullish' : fearGreedIndex <= FEAR_BELOW ? 'bearish' : 'neutral',
    retail: round(retail, 1),
    institutional: round(institutional, 1),
    fearGreedIndex,
    vixLevel: snapshot.vixLevel,
    putCallRatio: round((snapshot.downVolume + 1) / (snapshot.upVolume + 1), 2),
  };
}

/** RSI extremes: RSI ≤ 30 → BUY (oversold), RSI ≥ 70 → SELL (overbought); the most extreme first. */
export function topOpportunities(stocks: readonly StockAnalysis[]): Opportunity[] {
  const out: Opportunity[] = [];
  for (const { symbol, name, price, analysis } of stocks) {
    const rsi = analysis.indicators.rsi;
    if (rsi === null) continue;
    if (rsi <= RSI_OVERSOLD)
      out.push({
        symbol,
        name,
        price,
        rsi: round(rsi, 2),
        action: 'BUY',
        reason: `RSI(14) ${rsi.toFixed(1)}: oversold`,
      });
    else if (rsi >= RSI_OVERBOUGHT)
      out.push({
        symbol,
        name,
        price,
        rsi: round(rsi, 2),
        action: 'SELL',
        reason: `RSI(14) ${rsi.toFixed(1)}: overbought`,
      });
  }
  return out.sort((a, b) => Math.abs(b.rsi - 50) - Math.abs(a.rsi - 50)).slice(0, MAX_OPPORTUNITIES);
}

/**
 * The Dashboard's topOpportunities for one user: their unread opportunity alerts first (newest first; alerts are
 * long setups, so BUY, with the alert's reasoning), then the market-wide RSI extremes on other symbols. An alert on a
 * symbol the analyses do not cover (no RSI yet, or not a stock) is left to the alerts card.
 */
export function userTopOpportunities(
  alerts: readonly UserOpportunity[],
  stocks: readonly StockAnalysis[],
  marketWide: readonly Opportunity[],
): Opportunity[] {
  const bySymbol = new Map(stocks.map((stock) => [stock.symbol, stock]));
  const mine: Opportunity[] = [];
  for (const alert of alerts) {
    const stock = bySymbol.get(alert.symbol);
    const rsi = stock?.analysis.indicators.rsi;
    if (!stock || rsi === null || rsi === undefined || mine.some((o) => o.symbol === alert.symbol)) continue;
    mine.push({
      symbol: stock.symbol,
      name: stock.name,
      price: stock.price,
      rsi: round(rsi, 2),
      action: 'BUY',
      reason: alert.reasoning,
      alertId: alert.id,
    });
  }
  const rest = marketWide.filter((o) => !mine.some((m) => m.symbol === o.symbol));
  return [...mine, ...rest];
}

/**
 * The scanner's cross and breakout hits (PATTERN_SCANS; strength = the hit's score over the strongest score of its
 * scan, so 1 for each scan's best) and the analyses' band breaks and SMA20/50 crosses (their signal strength),
 * strongest first, MAX_PATTERNS at most.
 */
export function technicalPatterns(
  stocks: readonly StockAnalysis[],
  scans: readonly { scanType: PatternScan; hits: readonly ScanHit[] }[] = [],
): TechnicalPatternInsight[] {
  const out: TechnicalPatternInsight[] = [];
  for (const { scanType, hits } of scans) {
    const best = Math.max(...hits.map((hit) => hit.score));
    for (const hit of hits)
      out.push({
        symbol: hit.symbol,
        pattern: scanType,
        description: hit.criterion,
        recommendation: PATTERN_SCANS[scanType],
        strength: best > 0 ? round(hit.score / best, 4) : 1,
      });
  }
  for (const { symbol, analysis } of stocks) {
    for (const signal of analysis.signals) {
      if (!PATTERN_TYPES.has(signal.type)) continue;
      out.push({
        symbol,
        pattern: signal.type,
        description: signal.description,
        recommendation: signal.recommendation,
        strength: round(signal.strength, 4),
      });
    }
  }
  return out.sort((a, b) => b.strength - a.strength || a.symbol.localeCompare(b.symbol)).slice(0, MAX_PATTERNS);
}
