/**
 * How the optimiser scores parameter sets (pure): an injected {@link Evaluator}, so a caller can run the batches on
 * worker threads, and {@link backtestEvaluator}, the in-thread one built on the signal engine and the backtest
 * engine (the same rules as `../strategyBacktest.ts`).
 *
 * Rules:
 * - A request is sets × bar ranges; the answer holds one {@link Evaluation} per set and range (`[set][range]`).
 *   Asking for several ranges at once lets an evaluator compute each set's signals once for all of them.
 * - Several symbols: the portfolio rules of `../portfolio.ts` (the capital split equally, each symbol backtested on
 *   its own share, equity the sum of the symbols' curves, all their trades, bars in the market the most of any
 *   symbol), so an evaluation's metrics are those of a backtest run of the same set over the same bars. Every symbol
 *   must have bars at the same times: the curves then add bar by bar, without `combineRuns`' union of times, which
 *   would cost more than the backtest itself at thousands of evaluations.
 * - Signals are evaluated once per set and symbol over the bars up to the latest range's end, then sliced per
 *   range: indicators are causal (see `../walkForward.ts`), so a window reads no bar after its own and needs no
 *   warm-up of its own. Each range is backtested on its own slice and starts flat with the whole capital.
 */
import type { Candle } from '../../market/candle';
import { barColumns, evaluate, type BarColumns, type StrategySignals } from '../../strategies/signals';
import type { StrategyTemplate, TemplateSetup } from '../../strategies/templates';
import { runBacktest, type BacktestTrade, type BarSignal, type Sizing } from '../engine';
import { barsPerYear, computeMetrics, type BacktestMetrics, type TradeOutcome } from '../metrics';
import { engineSizing, type StrategyBacktestOptions } from '../strategyBacktest';
import type { BarRange } from '../walkForward';
import type { ParamSet } from './paramSpace';

/** The equity of one evaluation, asked for with `curves` (the out-of-sample windows). */
export interface EvaluatedCurve {
  /** Dollars at each bar's close of the range, starting from the capital. */
  equity: Float64Array;
  trades: TradeOutcome[];
  barsInMarket: number;
}

export interface Evaluation {
  metrics: BacktestMetrics;
  curve?: EvaluatedCurve;
}

export interface EvaluateRequest {
  sets: readonly ParamSet[];
  ranges: readonly BarRange[];
  /** Also return each evaluation's curve. */
  curves?: boolean;
}

export interface Evaluator {
  /** Initial capital of every evaluation, in dollars. */
  capital: number;
  /** For annualised metrics (252 for daily bars). */
  barsPerYear: number;
  /** The bars' times (epoch ms), shared by every symbol. */
  times: ArrayLike<number>;
  riskFreeRate?: number;
  /** `[set][range]`. */
  evaluate(request: EvaluateRequest): Evaluation[][] | Promise<Evaluation[][]>;
}

export interface BacktestEvaluatorInput {
  template: Pick<StrategyTemplate, 'build'>;
  setup: TemplateSetup;
  /** One history per symbol of `setup.symbols`, in that order, oldest first, at the same times. */
  bars: readonly (readonly Candle[])[];
  options: StrategyBacktestOptions;
}

interface SymbolData {
  bars: readonly Candle[];
  columns: BarColumns;
}

function checkAligned(input: BacktestEvaluatorInput): void {
  const { bars, setup } = input;
  if (bars.length !== setup.symbols.length || bars.length === 0) {
    throw new RangeError(`bars: one history per symbol expected (${setup.symbols.length}), got ${bars.length}`);
  }
  const first = bars[0]!;
  bars.forEach((series, s) => {
    const same = series.length === first.length && series.every((bar, i) => bar.time === first[i]!.time);
    if (!same) throw new RangeError(`bars[${s}] (${setup.symbols[s]}): its bars must have the times of bars[0]`);
  });
}

function sliceColumns(columns: BarColumns, end: number): BarColumns {
  return {
    time: columns.time.subarray(0, end),
    open: columns.open.subarray(0, end),
    high: columns.high.subarray(0, end),
    low: columns.low.subarray(0, end),
    close: columns.close.subarray(0, end),
  };
}

/** A bar without a signal, shared by every such bar (most of them). */
const QUIET: BarSignal = Object.freeze({ entry: false, exit: false, reason: '' });

/** The engine's signals of bars [from, to) as the backtest engine reads them (objects only where one fires). */
function barSignals(signals: StrategySignals, from: number, to: number): BarSignal[] {
  const out = new Array<BarSignal>(to - from);
  for (let i = from; i < to; i++) {
    const entry = signals.entry[i] === 1;
    const exit = signals.exit[i] === 1;
    out[i - from] = entry || exit ? { entry, exit, reason: signals.reason(i, exit ? 'exit' : 'entry') ?? '' } : QUIET;
  }
  return out;
}

function sliceSizing(sizing: Sizing, range: BarRange): Sizing {
  return sizing.kind === 'atrRisk'
    ? { ...sizing, atr: Float64Array.prototype.slice.call(sizing.atr, range.start, range.end) }
    : sizing;
}

export function backtestEvaluator(input: BacktestEvaluatorInput): Evaluator {
  checkAligned(input);
  const { template, setup, options } = input;
  const symbols: SymbolData[] = input.bars.map((bars) => ({ bars, columns: barColumns(bars) }));
  const times = symbols[0]!.columns.time;
  const perYear = barsPerYear(setup.interval);
  const share = options.capital / symbols.length;

  const evaluateSet = (set: ParamSet, ranges: readonly BarRange[], curves: boolean): Evaluation[] => {
    const definition = template.build(set, setup);
    const from = Math.min(...ranges.map((r) => r.start));
    const to = Math.max(...ranges.map((r) => r.end));
    const equities = ranges.map((r) => new Float64Array(r.end - r.start));
    const trades = ranges.map((): BacktestTrade[] => []);
    const inMarket = ranges.map(() => 0);
    for (const symbol of symbols) {
      const columns = sliceColumns(symbol.columns, to);
      const signals = barSignals(evaluate(definition, columns, { from }), from, to);
      const sizing = engineSizing(definition.sizing, columns);
      ranges.forEach((range, r) => {
        const result = runBacktest({
          ...options,
          bars: symbol.bars.slice(range.start, range.end),
          signals: signals.slice(range.start - from, range.end - from),
          sizing: sliceSizing(sizing, range),
          exits: definition.stops,
          capital: share,
        });
        const equity = equities[r]!;
        for (let i = 0; i < equity.length; i++) equity[i] = equity[i]! + result.equity[i]!;
        for (const trade of result.trades) trades[r]!.push(trade);
        inMarket[r] = Math.max(inMarket[r]!, result.barsInMarket);
      });
    }
    return ranges.map((range, r) => {
      // By entry time, as `combineRuns` orders them (stable: equal times keep the symbols' order).
      const ordered = trades[r]!.sort((x, y) => x.entryTime - y.entryTime);
      const curve: EvaluatedCurve = { equity: equities[r]!, trades: ordered, barsInMarket: inMarket[r]! };
      const metrics = computeMetrics({
        ...curve,
        times: times.subarray(range.start, range.end),
        initialCapital: options.capital,
        barsPerYear: perYear,
        riskFreeRate: options.riskFreeRate,
      });
      return curves ? { metrics, curve } : { metrics };
    });
  };

  return {
    capital: options.capital,
    barsPerYear: perYear,
    times,
    riskFreeRate: options.riskFreeRate,
    evaluate: ({ sets, ranges, curves = false }) => sets.map((set) => evaluateSet(set, ranges, curves)),
  };
}
