import { describe, expect, it } from 'vitest';
import { walkBars } from '../strategies/fixtures';
import { definitionFromTemplate } from '../strategies/templates';
import { backtestPortfolio, combineRuns, runSymbol } from './portfolio';
import { backtestStrategy } from './strategyBacktest';

const definition = (() => {
  const parsed = definitionFromTemplate('sma-crossover', { fast: 5, slow: 20 });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.definition;
})();
const costs = { commissionCents: 100, slippageBps: 5 };

describe('portfolio backtest', () => {
  it('is one symbol traded with all the capital when there is one symbol', () => {
    const bars = walkBars(300, 3);
    const portfolio = backtestPortfolio(definition, new Map([['A', bars]]), { capital: 10_000, ...costs });
    const alone = backtestStrategy(definition, bars, { capital: 10_000, commission: { perTrade: 1 }, slippageBps: 5 });
    expect([...portfolio.equity]).toEqual([...alone.equity]);
    expect(portfolio.trades.map((t) => t.trade)).toEqual(alone.trades);
    expect(portfolio.metrics.totalReturn).toBeCloseTo(alone.metrics.totalReturn, 12);
  });

  it('sums the symbols at each time, carrying a symbol without a bar at its last value or its share before its start', () => {
    const a = walkBars(60, 1);
    const step = a[1]!.time - a[0]!.time;
    // B starts 10 bars later and misses the 30th bar of A's times.
    const b = walkBars(50, 2)
      .map((bar, i) => ({ ...bar, time: a[0]!.time + (i + 10) * step }))
      .filter((_, i) => i !== 20);
    const runA = runSymbol(definition, 'A', a, 500, costs);
    const runB = runSymbol(definition, 'B', b, 500, costs);
    const combined = combineRuns(definition, [runA, runB], 1_000);
    expect(combined.times).toEqual(a.map((bar) => bar.time));
    expect(combined.equity[0]).toBeCloseTo(runA.equity[0]! + 500, 9);
    const missing = a[30]!.time;
    const at = combined.times.indexOf(missing);
    const lastB = runB.equity[runB.times.findLastIndex((time) => time < missing)]!;
    expect(combined.equity[at]).toBeCloseTo(runA.equity[at]! + lastB, 9);
    const entries = combined.trades.map((t) => t.trade.entryTime);
    expect(entries).toEqual([...entries].sort((x, y) => x - y));
    expect(combined.drawdown.every((value) => value <= 0)).toBe(true);
  });

  it('gives the same result whatever thread or order the symbols ran in, given in the symbols order', () => {
    const bars = new Map([
      ['A', walkBars(200, 4)],
      ['B', walkBars(200, 5)],
    ]);
    const whole = backtestPortfolio(definition, bars, { capital: 20_000, ...costs });
    const parts = [...bars].map(([symbol, own]) => runSymbol(definition, symbol, own, 10_000, costs));
    const combined = combineRuns(definition, structuredClone(parts), 20_000);
    expect(combined).toEqual(whole);
  });
});
