import { sma } from '../../../src/domain/indicators/sma';
import { lastValue } from '../../../src/domain/indicators/series';
import type { Candle } from '../../../src/domain/market/candle';
import type { MarketQuote } from '../../../src/domain/market/quote';
import type { Instrument } from '../../../src/domain/market/universe';

/** One symbol of the universe with its live quote and its daily candles (oldest first, the current session last). */
export interface SymbolData {
  instrument: Instrument;
  quote: MarketQuote;
  daily: readonly Candle[];
}

export interface ComputedIndex {
  symbol: string;
  name: string;
  description: string;
  value: number;
  change: number;
  changePercent: number;
}

export interface Breadth {
  advancing: number;
  declining: number;
  unchanged: number;
  newHighs: number;
  newLows: number;
}

export interface SectorPerformance {
  sector: string;
  changePercent: number;
  advancing: number;
  declining: number;
  symbols: number;
}

export interface MarketSnapshot {
  indices: ComputedIndex[];
  breadth: Breadth;
  volume: { total: number; averageTotal: number; ratio: number };
  sectors: SectorPerformance[];
  /** Share volume of advancing / declining stocks, and the same in dollars (price × volume). */
  upVolume: number;
  downVolume: number;
  upDollarVolume: number;
  downDollarVolume: number;
  /** Annualised realised volatility (%) of the cap-weighted index over VIX_SESSIONS daily returns. */
  vixLevel: number;
  /** Cap-weighted index vs its SMA20 and SMA50 of daily closes: 'bullish', 'bearish' or 'neutral'. */
  trend: 'bullish' | 'bearish' | 'neutral';
  /** Equal-weighted mean changePercent of the stocks. */
  averageChangePercent: number;
}

/** Index level at the base (each instrument at its reference price). */
export const INDEX_BASE = 1000;
/** Sessions of a 52-week range (newHighs/newLows). */
export const YEAR_SESSIONS = 252;
/** Daily returns of the VIX-like realised volatility. */
export const VIX_SESSIONS = 20;
export const TECH_SECTOR = 'Information Technology';

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function indexOf(symbol: string, name: string, description: string, value: number, previous: number): ComputedIndex {
  return {
    symbol,
    name,
    description,
    value: round(value, 2),
    change: round(value - previous, 2),
    changePercent: previous > 0 ? round(((value - previous) / previous) * 100, 4) : 0,
  };
}

/** Cap-weighted level of `stocks` at prices `priceOf`: INDEX_BASE × Σ price × shares / Σ reference × shares. */
function capWeighted(stocks: readonly SymbolData[], priceOf: (s: SymbolData) => number): number {
  let now = 0;
  let base = 0;
  for (const s of stocks) {
    now += priceOf(s) * s.instrument.sharesOutstanding;
    base += s.instrument.referencePrice * s.instrument.sharesOutstanding;
  }
  return base > 0 ? (INDEX_BASE * now) / base : 0;
}

/** Equal-weighted level: INDEX_BASE × mean(price / reference). */
function equalWeighted(stocks: readonly SymbolData[], priceOf: (s: SymbolData) => number): number {
  if (stocks.length === 0) return 0;
  let sum = 0;
  for (const s of stocks) sum += priceOf(s) / s.instrument.referencePrice;
  return (INDEX_BASE * sum) / stocks.length;
}

/**
 * The indices computed from the universe's stocks (ETFs excluded): a cap-weighted index of every stock
 * ("AI50"), an equal-weighted one ("AI50EW") and a cap-weighted Information Technology index ("AITECH"),
 * each INDEX_BASE when every member is at its reference price; change is against the previous closes.
 */
export function computeIndices(stocks: readonly SymbolData[]): ComputedIndex[] {
  const price = (s: SymbolData) => s.quote.price;
  const previous = (s: SymbolData) => s.quote.previousClose;
  const tech = stocks.filter((s) => s.instrument.sector === TECH_SECTOR);
  const n = stocks.length;
  return [
    indexOf(
      'AI50',
      `AI-${n} Cap-Weighted Index`,
      `Computed: market-cap-weighted level of the ${n} simulated stocks (${INDEX_BASE} at reference prices)`,
      capWeighted(stocks, price),
      capWeighted(stocks, previous),
    ),
    indexOf(
      'AI50EW',
      `AI-${n} Equal-Weight Index`,
      `Computed: equal-weighted mean of the ${n} stocks' price relatives (${INDEX_BASE} at reference prices)`,
      equalWeighted(stocks, price),
      equalWeighted(stocks, previous),
    ),
    indexOf(
      'AITECH',
      'AI Tech Sector Index',
      `Computed: market-cap-weighted level of the ${tech.length} Information Technology stocks`,
      capWeighted(tech, price),
      capWeighted(tech, previous),
    ),
  ];
}

/**
 * Advancing / declining / unchanged by the quote's change against the previous close; a new high when the
 * session's high reaches the highest high of the previous YEAR_SESSIONS - 1 daily bars (new low likewise).
 */
export function computeBreadth(stocks: readonly SymbolData[]): Breadth {
  const breadth: Breadth = { advancing: 0, declining: 0, unchanged: 0, newHighs: 0, newLows: 0 };
  for (const { quote, daily } of stocks) {
    if (quote.change > 0) breadth.advancing++;
    else if (quote.change < 0) breadth.declining++;
    else breadth.unchanged++;
    const prior = daily.slice(Math.max(0, daily.length - YEAR_SESSIONS), -1);
    if (prior.length === 0) continue;
    let high = -Infinity;
    let low = Infinity;
    for (const bar of prior) {
      if (bar.high > high) high = bar.high;
      if (bar.low < low) low = bar.low;
    }
    if (quote.high >= high) breadth.newHighs++;
    if (quote.low <= low) breadth.newLows++;
  }
  return breadth;
}

/** Daily closes of the cap-weighted index over the sessions every stock has a bar for (oldest first). */
export function capWeightedCloses(stocks: readonly SymbolData[]): number[] {
  const sums = new Map<number, { value: number; count: number }>();
  let base = 0;
  for (const { instrument, daily } of stocks) {
    base += instrument.referencePrice * instrument.sharesOutstanding;
    for (const bar of daily) {
      const entry = sums.get(bar.time) ?? { value: 0, count: 0 };
      entry.value += bar.close * instrument.sharesOutstanding;
      entry.count++;
      sums.set(bar.time, entry);
    }
  }
  return [...sums.entries()]
    .filter(([, entry]) => entry.count === stocks.length)
    .sort(([a], [b]) => a - b)
    .map(([, entry]) => (base > 0 ? (INDEX_BASE * entry.value) / base : 0));
}

/** Annualised standard deviation (%) of the last `sessions` daily log returns of `closes`; 0 with fewer than 2. */
export function realizedVolatility(closes: readonly number[], sessions = VIX_SESSIONS): number {
  const returns: number[] = [];
  for (let i = Math.max(1, closes.length - sessions); i < closes.length; i++) {
    const previous = closes[i - 1]!;
    const current = closes[i]!;
    if (previous > 0 && current > 0) returns.push(Math.log(current / previous));
  }
  if (returns.length < 2) return 0;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return round(Math.sqrt(variance * YEAR_SESSIONS) * 100, 2);
}

/** 'bullish' when the last close > SMA20 > SMA50 of `closes`, 'bearish' when below both in order, else 'neutral'. */
export function indexTrend(closes: readonly number[]): MarketSnapshot['trend'] {
  const close = closes.at(-1);
  const sma20 = lastValue(sma(closes, 20));
  const sma50 = lastValue(sma(closes, 50));
  if (close === undefined || sma20 === null || sma50 === null) return 'neutral';
  if (close > sma20 && sma20 > sma50) return 'bullish';
  if (close < sma20 && sma20 < sma50) return 'bearish';
  return 'neutral';
}

/** Market-cap-weighted change of each sector's stocks, best first. */
export function computeSectors(stocks: readonly SymbolData[]): SectorPerformance[] {
  const bySector = new Map<string, { now: number; before: number; advancing: number; declining: number; n: number }>();
  for (const { instrument, quote } of stocks) {
    const entry = bySector.get(instrument.sector) ?? { now: 0, before: 0, advancing: 0, declining: 0, n: 0 };
    entry.now += quote.price * instrument.sharesOutstanding;
    entry.before += quote.previousClose * instrument.sharesOutstanding;
    if (quote.change > 0) entry.advancing++;
    if (quote.change < 0) entry.declining++;
    entry.n++;
    bySector.set(instrument.sector, entry);
  }
  return [...bySector.entries()]
    .map(([sector, e]) => ({
      sector,
      changePercent: e.before > 0 ? round(((e.now - e.before) / e.before) * 100, 4) : 0,
      advancing: e.advancing,
      declining: e.declining,
      symbols: e.n,
    }))
    .sort((a, b) => b.changePercent - a.changePercent || a.sector.localeCompare(b.sector));
}

/** Everything the market overview, market conditions and the sentiment read, from the stocks of the universe. */
export function computeMarketSnapshot(universe: readonly SymbolData[]): MarketSnapshot {
  const stocks = universe.filter((s) => s.instrument.type === 'stock');
  const closes = capWeightedCloses(stocks);
  let total = 0;
  let averageTotal = 0;
  let upVolume = 0;
  let downVolume = 0;
  let upDollarVolume = 0;
  let downDollarVolume = 0;
  let changeSum = 0;
  for (const { quote } of stocks) {
    total += quote.volume;
    averageTotal += quote.avgVolume;
    changeSum += quote.changePercent;
    if (quote.change > 0) {
      upVolume += quote.volume;
      upDollarVolume += quote.volume * quote.price;
    } else if (quote.change < 0) {
      downVolume += quote.volume;
      downDollarVolume += quote.volume * quote.price;
    }
  }
  return {
    indices: computeIndices(stocks),
    breadth: computeBreadth(stocks),
    volume: { total, averageTotal, ratio: averageTotal > 0 ? round(total / averageTotal, 4) : 0 },
    sectors: computeSectors(stocks),
    upVolume,
    downVolume,
    upDollarVolume,
    downDollarVolume,
    vixLevel: realizedVolatility(closes),
    trend: indexTrend(closes),
    averageChangePercent: stocks.length > 0 ? round(changeSum / stocks.length, 4) : 0,
  };
}
