/**
 * The one signal engine (spec §1, §2, §7): the backtester, the live runner and the browser's preview all call
 * {@link evaluate} on a definition and one symbol's bars of the definition's interval, oldest first.
 *
 * Rules:
 * - No look-ahead: bar i's signals read only bars 0..i (every indicator is one causal pass, see
 *   `src/domain/indicators/series.ts`), so a history cut after bar k gives the same signals on bars 0..k.
 * - A signal is evaluated at the bar's close; acting on it (at the next bar's open, or at this close) is the
 *   backtester's and live runner's choice, not this engine's.
 * - `entry[i]` / `exit[i]` are 1 when the rule set holds at bar i. Level conditions (greaterThan, between, …)
 *   hold on every bar where they are true; crosses hold on the bar of the cross only. Whether a position is open
 *   is not known here: an entry while long, or an exit while flat, is for the caller to ignore.
 * - A condition reading an indicator still in its warm-up (NaN) is false; a rule set without conditions (an exit
 *   left to stops) never holds.
 * - Cost: each distinct operand's series is computed once (O(n)); the per-bar loop only compares numbers, and
 *   a reason string is built only when asked for (`reason(i, 'entry')`).
 */
import { atr, bollinger, donchian, ema, macd, rsi, sma, warmupSeries } from '../indicators';
import type { Candle } from '../market/candle';
import type { Condition, Operand, RuleSet, StrategyDefinition } from './definition';

/** The bars as columns (what the indicators read); build once with {@link barColumns} to reuse across runs. */
export interface BarColumns {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

export type SignalSide = 'entry' | 'exit';

export interface StrategySignals {
  /** Number of bars evaluated. */
  length: number;
  /** 1 where the entry rule set holds at that bar's close, else 0. */
  entry: Uint8Array;
  /** 1 where the exit rule set holds at that bar's close, else 0. */
  exit: Uint8Array;
  /** Why bar `index` signals `side` ('SMA 20 crossed above SMA 50 at 212.40'), or null when it does not. */
  reason(index: number, side: SignalSide): string | null;
}

export interface EvaluateOptions {
  /** Evaluate bars from this index on (earlier bars are left 0); indicators still read the whole history. */
  from?: number;
}

/** One bar's signal, for lists (previews, the live runner's log). */
export interface SignalEvent {
  index: number;
  time: number;
  side: SignalSide;
  reason: string;
}

export function barColumns(bars: readonly Candle[]): BarColumns {
  const n = bars.length;
  const columns: BarColumns = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const bar = bars[i]!;
    columns.time[i] = bar.time;
    columns.open[i] = bar.open;
    columns.high[i] = bar.high;
    columns.low[i] = bar.low;
    columns.close[i] = bar.close;
  }
  return columns;
}

export function evaluate(
  definition: StrategyDefinition,
  bars: readonly Candle[] | BarColumns,
  options: EvaluateOptions = {},
): StrategySignals {
  const columns = Array.isArray(bars) ? barColumns(bars) : (bars as BarColumns);
  const n = columns.close.length;
  const compiler = new Compiler(columns);
  const entryRule = compiler.ruleSet(definition.entry);
  const exitRule = compiler.ruleSet(definition.exit);
  const entry = new Uint8Array(n);
  const exit = new Uint8Array(n);
  const entryTest = entryRule.test;
  const exitTest = exitRule.test;
  for (let i = Math.max(0, options.from ?? 0); i < n; i++) {
    entry[i] = entryTest(i) ? 1 : 0;
    exit[i] = exitTest(i) ? 1 : 0;
  }
  return {
    length: n,
    entry,
    exit,
    reason: (index, side) => {
      const fired = side === 'entry' ? entry[index] : exit[index];
      return fired ? (side === 'entry' ? entryRule : exitRule).explain(index) : null;
    },
  };
}

/** The bars that signal, oldest first (an entry before an exit on the same bar). */
export function signalEvents(signals: StrategySignals, columns: Pick<BarColumns, 'time'>): SignalEvent[] {
  const events: SignalEvent[] = [];
  for (let index = 0; index < signals.length; index++) {
    for (const side of ['entry', 'exit'] as const) {
      const reason = signals.reason(index, side);
      if (reason !== null) events.push({ index, time: columns.time[index]!, side, reason });
    }
  }
  return events;
}

/**
 * One object per bar, the shape the backtester reads (`BarSignal` of `src/domain/backtest/engine.ts`): `reason` is
 * the exit's when the exit fires (it is what acts when both fire), else the entry's, else ''. Allocates per bar:
 * for callers that want objects; the typed arrays of {@link StrategySignals} are the fast path.
 */
export function toBarSignals(signals: StrategySignals): { entry: boolean; exit: boolean; reason: string }[] {
  const out = new Array<{ entry: boolean; exit: boolean; reason: string }>(signals.length);
  for (let i = 0; i < signals.length; i++) {
    const entry = signals.entry[i] === 1;
    const exit = signals.exit[i] === 1;
    const reason = exit ? signals.reason(i, 'exit') : entry ? signals.reason(i, 'entry') : null;
    out[i] = { entry, exit, reason: reason ?? '' };
  }
  return out;
}

/** 'SMA 20', 'MACD signal(12, 26, 9)', 'Bollinger lower(20, 2)', 'Donchian high 20', 'close', '30'. */
export function describeOperand(operand: Operand): string {
  switch (operand.kind) {
    case 'price':
      return operand.field;
    case 'constant':
      return String(operand.value);
    case 'sma':
    case 'ema':
    case 'rsi':
    case 'atr':
      return `${operand.kind.toUpperCase()} ${operand.period}`;
    case 'macd':
      return `MACD${operand.output === 'line' ? '' : ` ${operand.output}`}(${operand.fast}, ${operand.slow}, ${operand.signal})`;
    case 'bollinger':
      return `Bollinger ${operand.band}(${operand.period}, ${operand.stdDev})`;
    case 'donchian':
      return `Donchian ${operand.band === 'upper' ? 'high' : 'low'} ${operand.period}`;
  }
}

/** A value in a reason: two decimals. */
function price(value: number): string {
  return value.toFixed(2);
}

interface Compiled {
  test: (i: number) => boolean;
  /** Called only where `test(i)` is true. */
  explain: (i: number) => string;
}

interface SeriesOperand {
  series: ArrayLike<number>;
  label: string;
  /** Print the value next to the label ('RSI 14 at 28.40'); not for constants ('30'). */
  showValue: boolean;
}

const NEVER: Compiled = { test: () => false, explain: () => '' };

class Compiler {
  private readonly cache = new Map<string, ArrayLike<number>>();

  constructor(private readonly columns: BarColumns) {}

  ruleSet(rules: RuleSet): Compiled {
    if (rules.conditions.length === 0) return NEVER;
    return this.condition({ kind: rules.match === 'all' ? 'and' : 'or', conditions: rules.conditions });
  }

  condition(condition: Condition): Compiled {
    switch (condition.kind) {
      case 'and':
      case 'or':
        return this.group(condition.kind, condition.conditions);
      case 'between':
        return this.between(condition.operand, condition.lower, condition.upper);
      default:
        return this.comparison(condition.kind, condition.left, condition.right);
    }
  }

  private group(kind: 'and' | 'or', conditions: readonly Condition[]): Compiled {
    const parts = conditions.map((c) => this.condition(c));
    if (parts.length === 1) return parts[0]!;
    const tests = parts.map((p) => p.test);
    const count = tests.length;
    if (kind === 'and') {
      return {
        test: (i) => {
          for (let k = 0; k < count; k++) if (!tests[k]!(i)) return false;
          return true;
        },
        explain: (i) => parts.map((p) => p.explain(i)).join(' and '),
      };
    }
    return {
      test: (i) => {
        for (let k = 0; k < count; k++) if (tests[k]!(i)) return true;
        return false;
      },
      explain: (i) => parts.find((p) => p.test(i))!.explain(i),
    };
  }

  private comparison(
    kind: 'crossesAbove' | 'crossesBelow' | 'greaterThan' | 'lessThan',
    leftOperand: Operand,
    rightOperand: Operand,
  ): Compiled {
    const left = this.operand(leftOperand);
    const right = this.operand(rightOperand);
    const l = left.series;
    const r = right.series;
    const at = (o: SeriesOperand, i: number) => (o.showValue ? `${o.label} at ${price(o.series[i]!)}` : o.label);
    switch (kind) {
      case 'crossesAbove':
        return {
          test: (i) => i > 0 && l[i - 1]! <= r[i - 1]! && l[i]! > r[i]!,
          explain: (i) => `${left.label} crossed above ${right.label} at ${price(l[i]!)}`,
        };
      case 'crossesBelow':
        return {
          test: (i) => i > 0 && l[i - 1]! >= r[i - 1]! && l[i]! < r[i]!,
          explain: (i) => `${left.label} crossed below ${right.label} at ${price(l[i]!)}`,
        };
      case 'greaterThan':
        return { test: (i) => l[i]! > r[i]!, explain: (i) => `${at(left, i)} is above ${at(right, i)}` };
      case 'lessThan':
        return { test: (i) => l[i]! < r[i]!, explain: (i) => `${at(left, i)} is below ${at(right, i)}` };
    }
  }

  private between(valueOperand: Operand, lowerOperand: Operand, upperOperand: Operand): Compiled {
    const [value, lower, upper] = [valueOperand, lowerOperand, upperOperand].map((o) => this.operand(o)) as [
      SeriesOperand,
      SeriesOperand,
      SeriesOperand,
    ];
    const v = value.series;
    const lo = lower.series;
    const hi = upper.series;
    return {
      test: (i) => v[i]! >= lo[i]! && v[i]! <= hi[i]!,
      explain: (i) => `${value.label} at ${price(v[i]!)} is between ${lower.label} and ${upper.label}`,
    };
  }

  private operand(operand: Operand): SeriesOperand {
    const key = JSON.stringify(operand, Object.keys(operand).sort());
    let series = this.cache.get(key);
    if (!series) {
      series = this.compute(operand);
      this.cache.set(key, series);
    }
    return { series, label: describeOperand(operand), showValue: operand.kind !== 'constant' };
  }

  private compute(operand: Operand): ArrayLike<number> {
    const { high, low, close } = this.columns;
    switch (operand.kind) {
      case 'price':
        return this.columns[operand.field];
      case 'constant':
        return new Float64Array(close.length).fill(operand.value);
      case 'sma':
        return sma(close, operand.period);
      case 'ema':
        return ema(close, operand.period);
      case 'rsi':
        return rsi(close, operand.period);
      case 'atr':
        return atr(high, low, close, operand.period);
      case 'macd': {
        const lines = macd(close, { fast: operand.fast, slow: operand.slow, signal: operand.signal });
        return operand.output === 'line' ? lines.macd : lines[operand.output];
      }
      case 'bollinger':
        return bollinger(close, operand.period, operand.stdDev)[operand.band];
      case 'donchian': {
        // The channel of the bars before this one: yesterday's value of the usual (current-bar-inclusive) channel.
        const channel = donchian(high, low, operand.period)[operand.band];
        const previous = warmupSeries(close.length, operand.period);
        if (close.length > operand.period)
          previous.set(channel.subarray(operand.period - 1, close.length - 1), operand.period);
        return previous;
      }
    }
  }
}
