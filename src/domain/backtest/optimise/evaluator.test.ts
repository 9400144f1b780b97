import { describe, expect, it } from 'vitest';
import { walkBars } from '../../strategies/fixtures';
import { findTemplate } from '../../strategies/templates';
import { evaluate } from '../../strategies/signals';
import type { BacktestTrade } from '../engine';
import { backtestPortfolio } from '../portfolio';
import { backtestStrategy } from '../strategyBacktest';
import { backtestEvaluator } from './evaluator';

const sma = findTemplate('sma-crossover')!;
const turtle = findTemplate('donchian-breakout')!;
const options = { capital: 100_000, commission: { perTrade: 1 }, slippageBps: 5 };

describe('backtestEvaluator', () => {
  it('gives the metrics of backtestStrategy over the whole history of one symbol', async () => {
    const bars = walkBars(600, 11);
    const setup = { symbols: ['AAA'], interval: '1D' as const };
    const evaluator = backtestEvaluator({ template: turtle, setup, bars: [bars], options });
    const sets = [
      { entryPeriod: 20, exitPeriod: 10 },
      { entryPeriod: 55, exitPeriod: 20 },
    ];
    const answer = await evaluator.evaluate({ sets, ranges: [{ start: 0, end: 600 }], curves: true });
    sets.forEach((set, s) => {
      const reference = backtestStrategy(turtle.build(set, setup), bars, options);
      expect(answer[s]![0]!.metrics).toEqual(reference.metrics);
      expect(answer[s]![0]!.curve!.equity).toEqual(reference.equity);
    });
  });

  it('backtests a range on its own slice, with signals read from the whole history and no later bar', async () => {
    const bars = walkBars(600, 5);
    const setup = { symbols: ['AAA'], interval: '1D' as const };
    const set = { fast: 10, slow: 40 };
    const range = { start: 300, end: 500 };
    const full = backtestEvaluator({ template: sma, setup, bars: [bars], options });
    const cut = backtestEvaluator({ template: sma, setup, bars: [bars.slice(0, 500)], options });
    const window = (await full.evaluate({ sets: [set], ranges: [range], curves: true }))[0]![0]!;
    const same = (await cut.evaluate({ sets: [set], ranges: [range], curves: true }))[0]![0]!;
    expect(same).toEqual(window);
    // The window's first trade follows the first entry signal of the whole history at or after its start, even
    // within the slow average's 40 bars of warm-up (a backtest of the slice alone would have none there).
    const signals = evaluate(sma.build(set, setup), bars);
    const first = signals.entry.indexOf(1, range.start);
    expect(first).toBeGreaterThanOrEqual(range.start);
    expect(window.curve!.equity).toHaveLength(200);
    expect((window.curve!.trades[0] as BacktestTrade).entryIndex).toBe(first + 1 - range.start);
  });

  it('follows the portfolio rules of a backtest run across symbols', async () => {
    const a = walkBars(300, 1);
    const b = walkBars(300, 2);
    const setup = { symbols: ['AAA', 'BBB'], interval: '1D' as const };
    const costs = { commissionCents: 100, slippageBps: 5 };
    const evaluator = backtestEvaluator({
      template: sma,
      setup,
      bars: [a, b],
      options: { capital: 100_000, commission: { perTrade: 1 }, slippageBps: 5 },
    });
    const set = { fast: 5, slow: 20 };
    const both = (await evaluator.evaluate({ sets: [set], ranges: [{ start: 0, end: 300 }], curves: true }))[0]![0]!;
    const bars = new Map([
      ['AAA', a],
      ['BBB', b],
    ]);
    const portfolio = backtestPortfolio(sma.build(set, setup), bars, { capital: 100_000, ...costs });
    expect(both.curve!.equity).toEqual(portfolio.equity);
    expect(both.metrics).toEqual(portfolio.metrics);
    expect(both.metrics.totalTrades).toBeGreaterThan(0);
  });

  it('refuses histories that do not line up, naming the symbol', () => {
    const setup = { symbols: ['AAA', 'BBB'], interval: '1D' as const };
    expect(() => backtestEvaluator({ template: sma, setup, bars: [walkBars(10), walkBars(9)], options })).toThrow(
      'bars[1] (BBB)',
    );
  });
});
