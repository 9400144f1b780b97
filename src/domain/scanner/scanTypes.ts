/**
 * The market scanner's scan types (spec §3 market scanner results, §7 marketScanner; issue 16 point 2), each with
 * its rule. "Today" is the current session (or, while the market is closed, the last one) at the live price;
 * "previous N sessions" are the closed daily bars before it. Every scan orders its hits by `score` (how strongly a
 * symbol matches, larger first; ties by symbol).
 *
 * - TOP_GAINERS: up today (change from the previous close > 0); score = change in percent.
 * - TOP_LOSERS: down today (change < 0); score = the fall in percent.
 * - MOST_ACTIVE: traded today (volume > 0); score = today's volume in shares.
 * - UNUSUAL_VOLUME: today's volume at least {@link UNUSUAL_VOLUME_RATIO}× the average of the previous 20 sessions;
 *   score = that ratio (relative volume).
 * - NEW_HIGHS: today's high above the highest high of the previous 251 sessions (a new 52-week high);
 *   score = how far above, in percent.
 * - NEW_LOWS: today's low below the lowest low of the previous 251 sessions; score = how far below, in percent.
 * - RSI_OVERSOLD: Wilder RSI(14) at the live price below {@link RSI_OVERSOLD}; score = how far below.
 * - RSI_OVERBOUGHT: RSI(14) above {@link RSI_OVERBOUGHT}; score = how far above.
 * - MACD_BULLISH_CROSS: MACD(12, 26, 9) above its signal line at the live price, at or below it at the last
 *   close (crossed today); score = the histogram in percent of the price.
 * - MACD_BEARISH_CROSS: MACD at or below its signal at the live price, above it at the last close; score as above.
 * - GOLDEN_CROSS: SMA(50) above SMA(200), having been at or below it within the last {@link CROSS_LOOKBACK_SESSIONS}
 *   sessions (today included); score = the gap between the averages in percent of SMA(200), plus a point per
 *   session of recency (a cross today ranks first).
 * - DEATH_CROSS: SMA(50) at or below SMA(200), having been above it within the lookback; score as above.
 * - BREAKOUT: the live price above the highest high of the previous 20 sessions (the Donchian channel);
 *   score = how far above, in percent.
 * - GAP_UP: today's open at least {@link GAP_PERCENT}% above the previous close; score = the gap in percent.
 * - GAP_DOWN: today's open at least {@link GAP_PERCENT}% below the previous close; score = the gap in percent.
 */
export const SCAN_TYPES = [
  'TOP_GAINERS',
  'TOP_LOSERS',
  'MOST_ACTIVE',
  'UNUSUAL_VOLUME',
  'NEW_HIGHS',
  'NEW_LOWS',
  'RSI_OVERSOLD',
  'RSI_OVERBOUGHT',
  'MACD_BULLISH_CROSS',
  'MACD_BEARISH_CROSS',
  'GOLDEN_CROSS',
  'DEATH_CROSS',
  'BREAKOUT',
  'GAP_UP',
  'GAP_DOWN',
] as const;

export type ScanType = (typeof SCAN_TYPES)[number];

export function isScanType(value: string): value is ScanType {
  return (SCAN_TYPES as readonly string[]).includes(value);
}

/** RSI(14) below this is oversold. */
export const RSI_OVERSOLD = 30;
/** RSI(14) above this is overbought. */
export const RSI_OVERBOUGHT = 70;
/** Today's volume over the 20-session average that counts as unusual. */
export const UNUSUAL_VOLUME_RATIO = 2;
/** Smallest opening gap, in percent of the previous close, that GAP_UP / GAP_DOWN report. */
export const GAP_PERCENT = 2;
/** A golden or death cross is reported while it is at most this many sessions old (1 = today only). */
export const CROSS_LOOKBACK_SESSIONS = 5;
/** Sessions before today that the 52-week high and low look back over (252 sessions with today). */
export const YEAR_SESSIONS = 251;
/** Sessions before today that a breakout's channel looks back over. */
export const BREAKOUT_SESSIONS = 20;
/** Sessions the average volume is taken over. */
export const AVERAGE_VOLUME_SESSIONS = 20;

/** Each scan type in a few words, for pickers and logs. */
export const SCAN_LABELS: Readonly<Record<ScanType, string>> = {
  TOP_GAINERS: 'Top gainers',
  TOP_LOSERS: 'Top losers',
  MOST_ACTIVE: 'Most active',
  UNUSUAL_VOLUME: 'Unusual volume',
  NEW_HIGHS: 'New 52-week highs',
  NEW_LOWS: 'New 52-week lows',
  RSI_OVERSOLD: 'RSI oversold',
  RSI_OVERBOUGHT: 'RSI overbought',
  MACD_BULLISH_CROSS: 'MACD bullish cross',
  MACD_BEARISH_CROSS: 'MACD bearish cross',
  GOLDEN_CROSS: 'Golden cross',
  DEATH_CROSS: 'Death cross',
  BREAKOUT: '20-day breakout',
  GAP_UP: 'Gap up',
  GAP_DOWN: 'Gap down',
};

/** A value behind a hit, e.g. `{ name: 'RSI(14)', value: 28.4 }`. */
export interface ScanIndicator {
  name: string;
  value: number;
}

/** One symbol a scan found: the quote's numbers, how strongly it matched, and why. */
export interface ScanHit {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  volume: number;
  /** How strongly it matches (≥ 0; the unit is the scan's, see {@link SCAN_TYPES}); hits are ordered by it. */
  score: number;
  /** The match in words, e.g. "RSI(14) 28.4 below 30". */
  criterion: string;
  indicators: ScanIndicator[];
}
