import { roundCents, toCents } from './money';

/**
 * A live quote (spec §3 MarketData). Prices are dollars rounded to cents; `volume` is today's cumulative
 * share volume and `avgVolume` the average daily volume, both whole shares; `changePercent` is in percent
 * (1.5 = +1.5 %), rounded to 4 decimals; `marketCap` is whole dollars; `timestamp` is epoch ms.
 * `open`, `high`, `low` and `volume` describe the current session (or, while closed, the last one), and
 * `previousClose` the session before it.
 */
export interface MarketQuote {
  symbol: string;
  price: number;
  bid: number;
  ask: number;
  volume: number;
  timestamp: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  change: number;
  changePercent: number;
  marketCap: number;
  avgVolume: number;
}

/**
 * Quoted spread in whole cents (at least 1): a relative spread of 0.2 bp plus 50 bp / sqrt(daily dollar
 * volume in $ millions), so the most liquid names trade a cent or two wide and thinner ones wider.
 */
export function spreadCents(price: number, avgDailyVolume: number): number {
  const dollarVolumeMillions = Math.max(1e-6, (price * avgDailyVolume) / 1e6);
  const bps = 0.2 + 50 / Math.sqrt(dollarVolumeMillions);
  return Math.max(1, Math.round(price * bps * 1e-2));
}

/** Bid and ask around `price` (itself in cents): bid = price - ⌊spread / 2⌋, ask = bid + spread, so bid ≤ price < ask. */
export function bidAsk(price: number, avgDailyVolume: number): { bid: number; ask: number } {
  const spread = spreadCents(price, avgDailyVolume);
  const bid = Math.max(1, toCents(price) - Math.floor(spread / 2));
  return { bid: bid / 100, ask: (bid + spread) / 100 };
}

export interface QuoteInput {
  symbol: string;
  price: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  volume: number;
  avgVolume: number;
  sharesOutstanding: number;
  timestamp: number;
}

export function buildQuote(input: QuoteInput): MarketQuote {
  const { price, previousClose } = input;
  const change = roundCents(price - previousClose);
  const changePercent = previousClose > 0 ? Math.round(((price - previousClose) / previousClose) * 1e6) / 1e4 : 0;
  return {
    symbol: input.symbol,
    price,
    ...bidAsk(price, input.avgVolume),
    volume: input.volume,
    timestamp: input.timestamp,
    open: input.open,
    high: input.high,
    low: input.low,
    previousClose,
    change,
    changePercent,
    marketCap: Math.round(price * input.sharesOutstanding),
    avgVolume: input.avgVolume,
  };
}
