/**
 * A trading strategy as data (spec §1, §2, §7; the `code` field of TradingStrategy, spec §3, holds its canonical
 * JSON, see `canonicalJson` in `validation.ts`). Safe by construction: nothing in a definition is ever executed;
 * the signal engine (`signals.ts`) reads it and evaluates only the indicators and comparisons named here.
 *
 * Rules:
 * - Long only for now: an entry signal opens (or keeps wanting) a long position, an exit signal closes it. Short
 *   selling is not expressible yet (`side` is always 'long', so adding 'short' later is not a breaking change).
 * - Every indicator reads the symbol's bars of `interval` only, oldest first, and a bar's value uses data up to
 *   that bar's close (no look-ahead): SMA, EMA, RSI, MACD and Bollinger read closes; ATR and Donchian read
 *   high, low (and close).
 * - A rule set holds when all (`match: 'all'`) or any (`match: 'any'`) of its conditions hold; `and` / `or`
 *   groups nest inside conditions. A condition that reads an indicator still in its warm-up is false.
 * - Sizing and protective stops are data for the backtester and the live runner (`src/domain/backtest`): the
 *   signal engine does not read them.
 * - Bounds of every number are in `validation.ts` (`STRATEGY_LIMITS`).
 */
import type { Interval } from '../market/candle';

/** The definition format's version; a parsed definition always carries it. */
export const DEFINITION_VERSION = 1;

export const PRICE_FIELDS = ['close', 'open', 'high', 'low'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export const MACD_OUTPUTS = ['line', 'signal', 'histogram'] as const;
export type MacdOutput = (typeof MACD_OUTPUTS)[number];
export const BOLLINGER_BANDS = ['upper', 'middle', 'lower'] as const;
export type BollingerBand = (typeof BOLLINGER_BANDS)[number];
export const DONCHIAN_BANDS = ['upper', 'lower'] as const;
export type DonchianBand = (typeof DONCHIAN_BANDS)[number];

/** A number per bar that a condition compares. */
export type Operand =
  /** The bar's own open, high, low or close. */
  | { kind: 'price'; field: PriceField }
  /** A fixed number (a threshold such as RSI 30). */
  | { kind: 'constant'; value: number }
  /** Simple moving average of closes. */
  | { kind: 'sma'; period: number }
  /** Exponential moving average of closes (seeded with the SMA of the first `period` closes). */
  | { kind: 'ema'; period: number }
  /** Wilder's RSI of closes, 0–100. */
  | { kind: 'rsi'; period: number }
  /** MACD line (EMA fast − EMA slow), its signal line (EMA `signal` of the line) or histogram (line − signal). */
  | { kind: 'macd'; output: MacdOutput; fast: number; slow: number; signal: number }
  /** Bollinger band: SMA(period) ± stdDev × population standard deviation of the same closes. */
  | { kind: 'bollinger'; band: BollingerBand; period: number; stdDev: number }
  /** Wilder's Average True Range. */
  | { kind: 'atr'; period: number }
  /**
   * Donchian channel of the `period` bars BEFORE this one (the current bar excluded, so a close can break out
   * of it): upper = their highest high, lower = their lowest low (turtle-style breakouts).
   */
  | { kind: 'donchian'; band: DonchianBand; period: number };

export type OperandKind = Operand['kind'];

/** A true/false test on each bar. */
export type Condition =
  /** `left` was at or below `right` on the previous bar and is above it on this bar. */
  | { kind: 'crossesAbove'; left: Operand; right: Operand }
  /** `left` was at or above `right` on the previous bar and is below it on this bar. */
  | { kind: 'crossesBelow'; left: Operand; right: Operand }
  /** `left` > `right` on this bar. */
  | { kind: 'greaterThan'; left: Operand; right: Operand }
  /** `left` < `right` on this bar. */
  | { kind: 'lessThan'; left: Operand; right: Operand }
  /** `lower` ≤ `operand` ≤ `upper` on this bar (bounds included). */
  | { kind: 'between'; operand: Operand; lower: Operand; upper: Operand }
  /** Every condition holds (AND). */
  | { kind: 'and'; conditions: Condition[] }
  /** At least one condition holds (OR). */
  | { kind: 'or'; conditions: Condition[] };

export type ConditionKind = Condition['kind'];

export interface RuleSet {
  match: 'all' | 'any';
  /** Entry needs at least one; exit may be empty when a stop (see {@link Stops}) closes positions. */
  conditions: Condition[];
}

/** How many shares an entry buys (computed by the backtester / live runner, not by the signal engine). */
export type Sizing =
  /** This many shares (whole or fractional). */
  | { kind: 'fixedShares'; shares: number }
  /** Shares worth this many dollars at the fill price. */
  | { kind: 'fixedDollars'; dollars: number }
  /** Shares worth this percentage of the account's equity. */
  | { kind: 'percentOfEquity'; percent: number }
  /**
   * Risk-based (turtle-style): shares = equity × riskPercent / 100 / (atrMultiple × ATR(atrPeriod)), so a move of
   * `atrMultiple` ATRs against the position loses `riskPercent` of equity.
   */
  | { kind: 'atrRisk'; riskPercent: number; atrMultiple: number; atrPeriod: number };

export type SizingKind = Sizing['kind'];

/** Protective exits, each optional, in percent of the entry price (trailing: of the highest close since entry). */
export interface Stops {
  stopLossPercent?: number;
  takeProfitPercent?: number;
  trailingStopPercent?: number;
}

export interface StrategyDefinition {
  version: typeof DEFINITION_VERSION;
  /** 1–50 distinct symbols, upper-case, sorted (each traded on its own bars). */
  symbols: string[];
  interval: Interval;
  side: 'long';
  entry: RuleSet;
  exit: RuleSet;
  sizing: Sizing;
  stops: Stops;
}
