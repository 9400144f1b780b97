import {
  CROSS_LOOKBACK_SESSIONS,
  GAP_PERCENT,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  UNUSUAL_VOLUME_RATIO,
  type ScanHit,
  type ScanIndicator,
  type ScanType,
} from './scanTypes';
import type { ScanSnapshot } from './symbolState';

/**
 * The scans' rules (documented in ./scanTypes.ts) as code: each scan type's score (NaN = no match) and the words
 * and values behind a hit. A scan scores every snapshot (O(symbols)) and describes only the hits it returns.
 */
interface ScanRule {
  score(s: ScanSnapshot): number;
  describe(s: ScanSnapshot): { criterion: string; indicators: ScanIndicator[] };
}

const NO_MATCH = Number.NaN;

function fixed(value: number, digits = 2): string {
  return value.toFixed(digits);
}

function dollars(value: number): string {
  return `$${value.toFixed(2)}`;
}

/** 12_345_678 → "12.3M", 45_600 → "45.6K". */
export function compactShares(value: number): string {
  if (value >= 1e9) return `${fixed(value / 1e9, 1)}B`;
  if (value >= 1e6) return `${fixed(value / 1e6, 1)}M`;
  if (value >= 1e3) return `${fixed(value / 1e3, 1)}K`;
  return String(Math.round(value));
}

function percentAbove(value: number, reference: number): number {
  return reference > 0 ? ((value - reference) / reference) * 100 : NO_MATCH;
}

function sessionsAgo(age: number): string {
  if (age === 0) return 'today';
  return age === 1 ? '1 session ago' : `${age} sessions ago`;
}

const indicator = (name: string, value: number): ScanIndicator => ({ name, value });

const rsiValues = (s: ScanSnapshot) => [indicator('RSI(14)', s.rsi14), indicator('SMA(20)', s.sma20)];
const macdValues = (s: ScanSnapshot) => [
  indicator('MACD(12,26,9)', s.macd),
  indicator('Signal', s.macdSignal),
  indicator('Histogram', s.macdHistogram),
];
const smaValues = (s: ScanSnapshot) => [indicator('SMA(50)', s.sma50), indicator('SMA(200)', s.sma200)];
const volumeValues = (s: ScanSnapshot) => [
  indicator('Volume', s.volume),
  indicator('Avg volume (20d)', s.averageVolume20),
  indicator('Relative volume', s.relativeVolume),
];

function macdCross(bullish: boolean): ScanRule {
  const side = bullish ? 1 : -1;
  return {
    score: (s) =>
      s.macdCross.side === side && s.macdCross.age === 0 ? (Math.abs(s.macdHistogram) / s.price) * 100 : NO_MATCH,
    describe: (s) => ({
      criterion: `MACD ${fixed(s.macd, 3)} crossed ${bullish ? 'above' : 'below'} its signal ${fixed(s.macdSignal, 3)} today`,
      indicators: macdValues(s),
    }),
  };
}

function smaCross(golden: boolean): ScanRule {
  const side = golden ? 1 : -1;
  return {
    score: (s) =>
      s.smaCross.side === side && s.smaCross.age < CROSS_LOOKBACK_SESSIONS
        ? Math.abs(percentAbove(s.sma50, s.sma200)) + (CROSS_LOOKBACK_SESSIONS - s.smaCross.age)
        : NO_MATCH,
    describe: (s) => ({
      criterion: `SMA(50) ${fixed(s.sma50)} crossed ${golden ? 'above' : 'below'} SMA(200) ${fixed(s.sma200)} ${sessionsAgo(s.smaCross.age)}`,
      indicators: smaValues(s),
    }),
  };
}

function gap(up: boolean): ScanRule {
  return {
    score: (s) => ((up ? s.gapPercent : -s.gapPercent) >= GAP_PERCENT ? Math.abs(s.gapPercent) : NO_MATCH),
    describe: (s) => ({
      criterion: `Opened ${fixed(Math.abs(s.gapPercent))}% ${up ? 'above' : 'below'} the previous close (${dollars(s.previousClose)} → ${dollars(s.open)})`,
      indicators: [
        indicator('Gap %', s.gapPercent),
        indicator('Open', s.open),
        indicator('Previous close', s.previousClose),
      ],
    }),
  };
}

export const SCAN_RULES: Readonly<Record<ScanType, ScanRule>> = {
  TOP_GAINERS: {
    score: (s) => (s.changePercent > 0 ? s.changePercent : NO_MATCH),
    describe: (s) => ({
      criterion: `Up ${fixed(s.changePercent)}% today (+${dollars(s.change)})`,
      indicators: [indicator('Change %', s.changePercent), indicator('Previous close', s.previousClose)],
    }),
  },
  TOP_LOSERS: {
    score: (s) => (s.changePercent < 0 ? -s.changePercent : NO_MATCH),
    describe: (s) => ({
      criterion: `Down ${fixed(-s.changePercent)}% today (−${dollars(-s.change)})`,
      indicators: [indicator('Change %', s.changePercent), indicator('Previous close', s.previousClose)],
    }),
  },
  MOST_ACTIVE: {
    score: (s) => (s.volume > 0 ? s.volume : NO_MATCH),
    describe: (s) => ({ criterion: `${compactShares(s.volume)} shares traded today`, indicators: volumeValues(s) }),
  },
  UNUSUAL_VOLUME: {
    score: (s) => (s.relativeVolume >= UNUSUAL_VOLUME_RATIO ? s.relativeVolume : NO_MATCH),
    describe: (s) => ({
      criterion: `Volume ${fixed(s.relativeVolume, 1)}× its 20-day average (${compactShares(s.volume)} vs ${compactShares(s.averageVolume20)})`,
      indicators: volumeValues(s),
    }),
  },
  NEW_HIGHS: {
    score: (s) => (s.high > s.yearHigh ? percentAbove(s.high, s.yearHigh) : NO_MATCH),
    describe: (s) => ({
      criterion: `New 52-week high: ${dollars(s.high)} above the previous ${dollars(s.yearHigh)}`,
      indicators: [indicator('High', s.high), indicator('52-week high before', s.yearHigh)],
    }),
  },
  NEW_LOWS: {
    score: (s) => (s.low < s.yearLow ? -percentAbove(s.low, s.yearLow) : NO_MATCH),
    describe: (s) => ({
      criterion: `New 52-week low: ${dollars(s.low)} below the previous ${dollars(s.yearLow)}`,
      indicators: [indicator('Low', s.low), indicator('52-week low before', s.yearLow)],
    }),
  },
  RSI_OVERSOLD: {
    score: (s) => (s.rsi14 < RSI_OVERSOLD ? RSI_OVERSOLD - s.rsi14 : NO_MATCH),
    describe: (s) => ({ criterion: `RSI(14) ${fixed(s.rsi14, 1)} below ${RSI_OVERSOLD}`, indicators: rsiValues(s) }),
  },
  RSI_OVERBOUGHT: {
    score: (s) => (s.rsi14 > RSI_OVERBOUGHT ? s.rsi14 - RSI_OVERBOUGHT : NO_MATCH),
    describe: (s) => ({ criterion: `RSI(14) ${fixed(s.rsi14, 1)} above ${RSI_OVERBOUGHT}`, indicators: rsiValues(s) }),
  },
  MACD_BULLISH_CROSS: macdCross(true),
  MACD_BEARISH_CROSS: macdCross(false),
  GOLDEN_CROSS: smaCross(true),
  DEATH_CROSS: smaCross(false),
  BREAKOUT: {
    score: (s) => (s.price > s.breakoutHigh ? percentAbove(s.price, s.breakoutHigh) : NO_MATCH),
    describe: (s) => ({
      criterion: `Price ${dollars(s.price)} broke above the 20-day high ${dollars(s.breakoutHigh)} (+${fixed(percentAbove(s.price, s.breakoutHigh))}%)`,
      indicators: [indicator('20-day high', s.breakoutHigh), indicator('Relative volume', s.relativeVolume)],
    }),
  },
  GAP_UP: gap(true),
  GAP_DOWN: gap(false),
};

interface Match {
  snapshot: ScanSnapshot;
  score: number;
}

/** Whether `a` ranks below `b`: a lower score, or the same score and a later symbol. */
function weaker(a: Match, b: Match): boolean {
  return a.score < b.score || (a.score === b.score && a.snapshot.symbol > b.snapshot.symbol);
}

/** Keeps the `limit` strongest matches in a binary heap whose root is the weakest kept (O(n log limit)). */
function strongest(snapshots: Iterable<ScanSnapshot>, rule: ScanRule, limit: number): Match[] {
  const heap: Match[] = [];
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && weaker(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && weaker(heap[right]!, heap[least]!)) least = right;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
  };
  for (const snapshot of snapshots) {
    const score = rule.score(snapshot);
    if (!Number.isFinite(score)) continue;
    const match = { snapshot, score };
    if (heap.length < limit) {
      heap.push(match);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!weaker(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (limit > 0 && weaker(heap[0]!, match)) {
      heap[0] = match;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (weaker(a, b) ? 1 : weaker(b, a) ? -1 : 0));
}

/**
 * The `limit` strongest hits of `type` among `snapshots`, strongest first (ties by symbol). Values that are not
 * finite (short history) never match.
 */
export function runScan(snapshots: Iterable<ScanSnapshot>, type: ScanType, limit: number): ScanHit[] {
  const rule = SCAN_RULES[type];
  return strongest(snapshots, rule, limit).map(({ snapshot: s, score }) => ({
    symbol: s.symbol,
    name: s.name,
    price: s.price,
    change: s.change,
    changePercent: s.changePercent,
    volume: s.volume,
    score: round4(score),
    ...describeHit(rule, s),
  }));
}

function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

/** The rule's words and values, leaving out values a short history has not defined yet. */
function describeHit(rule: ScanRule, s: ScanSnapshot) {
  const { criterion, indicators } = rule.describe(s);
  return {
    criterion,
    indicators: indicators
      .filter(({ value }) => Number.isFinite(value))
      .map(({ name, value }) => ({ name, value: round4(value) })),
  };
}
