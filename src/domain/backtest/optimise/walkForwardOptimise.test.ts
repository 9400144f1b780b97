import { describe, expect, it } from 'vitest';
import { barsFromCloses, walkBars } from '../../strategies/fixtures';
import { findTemplate } from '../../strategies/templates';
import { walkForwardWindows } from '../walkForward';
import { OptimisationCancelled, type OptimiseProgress } from './control';
import { backtestEvaluator, type Evaluator } from './evaluator';
import { enumerateGrid, paramSpaceOf } from './paramSpace';
import { walkForwardOptimise, type SearchOptions } from './walkForwardOptimise';

/*
 * Donchian breakout on flat bars (open = high = low = close), 10 shares per trade, no costs, capital 10,000:
 * entry when the close is above the highest close of the previous N bars, exit below the lowest of the previous 2;
 * a signal at bar i fills at bar i + 1's price. N is 2 or 5. Three windows: in sample [0,10), [10,20), [20,30),
 * out of sample the 10 bars after each. Objective: total return. By hand:
 * - [0,10): N=2 enters at 2 (14 > 10), buys at 10 (bar 3), holds to the end, 15: +50 → 0.005. N=5 first sees a
 *   close above 5 bars at 8 (13 > 12), buys at 15 (bar 9), end 15: 0. Chosen: N=2.
 * - [10,20): N=2 buys at 13 (bar 14, after 14 > 13), exits at 15 (11 < 13), sells 11 (bar 16): −20; buys 16
 *   (bar 18, after 16 > 11), end 20: +40 → 0.002, 2 trades. N=5 waits for 16 > 14 at 17, buys 16, end 20: +40 →
 *   0.004. Chosen: N=5. Out of sample this is window 0's [10,20) with N=2: 0.002; equity 10,000 ×5, 9,980 (bar
 *   15, close 11) ×4, 10,020.
 * - [20,30): N=2 buys 12 (bar 23, after 16 > 12), end 17: +50 → 0.005. N=5 buys 17 (bar 29, after 15 > 14), end
 *   17: 0. Chosen: N=2. Out of sample (window 1, N=5): one trade, +0, flat at 10,000.
 * - [30,40), window 2 with N=2: buys 20 (bar 35, after 20 > 17), end 22: +20 → 0.002.
 */
const closes = [
  ...[10, 10, 14, 10, 10, 10, 11, 12, 13, 15],
  ...[14, 13, 12, 14, 13, 11, 11, 16, 16, 20],
  ...[12, 12, 16, 12, 12, 12, 13, 14, 15, 17],
  ...[17, 17, 17, 17, 20, 20, 20, 20, 20, 22],
];
const library = findTemplate('donchian-breakout')!;
/** The library's turtle template with its entry channel allowed down to 2 bars, to keep the hand case short. */
const turtle = {
  ...library,
  parameters: library.parameters.map((p) => (p.name === 'entryPeriod' ? { ...p, min: 2 } : p)),
};
const space = paramSpaceOf(turtle, { entryPeriod: { min: 2, max: 5, step: 3 }, exitPeriod: { min: 2, max: 2 } });
const windows = walkForwardWindows({ range: { start: 0, end: 40 }, inSample: 10, outOfSample: 10 });
const evaluator = backtestEvaluator({
  template: turtle,
  setup: { symbols: ['AAA'], interval: '1D', sizing: { kind: 'fixedShares', shares: 10 }, stops: {} },
  bars: [barsFromCloses(closes, 0)],
  options: { capital: 10_000 },
});
/** Numbers to 12 decimals (sums of cents divided by the capital are not exact in binary). */
const near = (values: (number | null)[]) => values.map((v) => (v === null ? null : expect.closeTo(v, 12)));
const totalReturn = (m: { totalReturn: number }) => m.totalReturn;
const N2 = { entryPeriod: 2, exitPeriod: 2 };
const N5 = { entryPeriod: 5, exitPeriod: 2 };

describe('walkForwardOptimise', () => {
  for (const search of [
    { kind: 'grid' },
    { kind: 'evolutionary', seed: 1, populationSize: 2, generations: 3 },
  ] satisfies SearchOptions[]) {
    it(`chooses in sample, scores out of sample, as computed by hand (${search.kind})`, async () => {
      const progress: OptimiseProgress[] = [];
      const report = await walkForwardOptimise({
        space,
        windows,
        evaluator,
        search,
        objective: totalReturn,
        onProgress: (p) => progress.push(p),
      });
      expect(report.windows.map((w) => w.params)).toEqual([N2, N5, N2]);
      expect(report.windows.map((w) => w.inSampleScore)).toEqual(near([0.005, 0.004, 0.005]));
      expect(report.windows.map((w) => w.outOfSampleScore)).toEqual(near([0.002, 0, 0.002]));
      expect(report.windows.map((w) => w.inSampleMetrics!.totalTrades)).toEqual([1, 1, 1]);
      expect(report.windows.map((w) => w.outOfSampleMetrics.totalTrades)).toEqual([2, 1, 1]);
      expect(report.summary.inSample!.totalReturn).toBeCloseTo(0.014 / 3, 12);
      expect(report.summary.outOfSample!.totalReturn).toBeCloseTo(0.004 / 3, 12);
      expect(report.score.efficiency).toBeCloseTo(0.004 / 0.014, 12);
      expect(report.score.positiveOutOfSample).toBeCloseTo(2 / 3, 12);
      // Chained: window 0's curve, then window 1's × 1.002, then window 2's × 1.002.
      const chained = Array.from(report.outOfSample.equity);
      expect(chained.slice(0, 10)).toEqual([10000, 10000, 10000, 10000, 10000, 9980, 9980, 9980, 9980, 10020]);
      expect(chained.slice(10, 20)).toEqual(Array(10).fill(10020));
      expect(chained[29]).toBeCloseTo(10040.04, 9);
      expect(Array.from(report.outOfSample.times)).toEqual(closes.slice(10).map((_, i) => 10 + i));
      expect(report.outOfSample.metrics.totalReturn).toBeCloseTo(0.004004, 12);
      expect(report.outOfSample.metrics.maxDrawdown).toBeCloseTo(-0.002, 12);
      expect(report.outOfSample.metrics.totalTrades).toBe(4);
      // entryPeriod chose 2, 5, 2 of 2…5: spread 1, sample sd √3 over a width of 3
      expect(report.stability.parameters[0]).toMatchObject({ name: 'entryPeriod', min: 2, max: 5, relativeSpread: 1 });
      expect(report.stability.parameters[0]!.relativeStdDev).toBeCloseTo(Math.sqrt(3) / 3, 12);
      expect(report.stability.mostCommon).toEqual(N2);
      expect(report.stability.mostCommonShare).toBeCloseTo(2 / 3, 12);
      expect(report.winner).toEqual(N2);
      expect(report.evaluations).toBe(2 * 3 + 3);
      expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    });
  }

  it('chooses, by default, the set of best Sharpe ratio among those that trade, window by window', async () => {
    const bars = walkBars(400, 9);
    const sma = findTemplate('sma-crossover')!;
    const grid = paramSpaceOf(sma, { fast: { min: 5, max: 15, step: 5 }, slow: { min: 20, max: 60, step: 20 } });
    const walk = backtestEvaluator({
      template: sma,
      setup: { symbols: ['AAA'], interval: '1D' },
      bars: [bars],
      options: { capital: 100_000 },
    });
    const split = walkForwardWindows({ range: { start: 0, end: 400 }, inSample: 200, outOfSample: 100 });
    const report = await walkForwardOptimise({
      space: grid,
      windows: split,
      evaluator: walk,
      search: { kind: 'grid' },
    });
    const sets = enumerateGrid(grid);
    const scores = await walk.evaluate({ sets, ranges: split.map((w) => w.inSample) });
    split.forEach((window, k) => {
      const sharpe = scores.map((row) =>
        row[k]!.metrics.totalTrades >= 1 ? (row[k]!.metrics.sharpeRatio ?? -Infinity) : -Infinity,
      );
      const best = Math.max(...sharpe);
      expect(report.windows[k]!.params).toEqual(sets[sharpe.indexOf(best)]);
      expect(report.windows[k]!.inSampleScore).toBe(best);
      expect(report.windows[k]!.outOfSampleScore).toBe(report.windows[k]!.outOfSampleMetrics.sharpeRatio ?? 0);
    });
  });

  it('chooses nothing where no set makes the minimum of trades, and stays in cash there', async () => {
    const report = await walkForwardOptimise({
      space,
      windows,
      evaluator,
      search: { kind: 'grid' },
      objective: totalReturn,
      minTrades: 2,
    });
    // Only N=2 on [10,20) trades twice; traded on [20,30) it makes +50.
    expect(report.windows.map((w) => w.params)).toEqual([null, N2, null]);
    expect(report.windows.map((w) => w.inSampleScore)).toEqual(near([null, 0.002, null]));
    expect(report.windows.map((w) => w.outOfSampleScore)).toEqual(near([0, 0.005, 0]));
    expect(report.outOfSample.equity[9]).toBe(10000);
    expect(report.outOfSample.equity[29]).toBeCloseTo(10050, 9);
    expect(report.score.windows).toBe(1);
    expect(report.stability.mostCommonShare).toBeCloseTo(1 / 3, 12);
    expect(report.winner).toBeNull();
  });

  it('stops between batches when cancelled, with nothing reported', async () => {
    let requests = 0;
    const counting: Evaluator = {
      ...evaluator,
      evaluate: (request) => {
        requests++;
        return evaluator.evaluate(request);
      },
    };
    const grid = paramSpaceOf(turtle, { entryPeriod: { min: 2, max: 9 }, exitPeriod: { min: 2, max: 2 } });
    let done = 0;
    const run = walkForwardOptimise({
      space: grid,
      windows,
      evaluator: counting,
      search: { kind: 'grid' },
      batchSize: 1,
      onProgress: (p) => (done = p.done),
      isCancelled: () => done >= 6,
    });
    await expect(run).rejects.toBeInstanceOf(OptimisationCancelled);
    // 8 sets × 3 windows: two batches of one set (6 evaluations) ran, then the cancel was seen
    expect(requests).toBe(2);
  });

  it('names bad input', async () => {
    const base = { space, evaluator, search: { kind: 'grid' } as const };
    await expect(walkForwardOptimise({ ...base, windows: [] })).rejects.toThrow('windows: no complete');
    const overlapping = walkForwardWindows({ range: { start: 0, end: 40 }, inSample: 10, outOfSample: 10, step: 5 });
    await expect(walkForwardOptimise({ ...base, windows: overlapping })).rejects.toThrow('windows: out-of-sample');
    await expect(walkForwardOptimise({ ...base, windows, batchSize: 0 })).rejects.toThrow('batchSize');
  });
});
