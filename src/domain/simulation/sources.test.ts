import { describe, expect, it } from 'vitest';
import { backtestStrategy } from '../backtest/strategyBacktest';
import type { Candle } from '../market/candle';
import { walkBars } from '../strategies/fixtures';
import { definitionFromTemplate } from '../strategies/templates';
import { portfolioReturnSample, strategyTradeSample } from './sources';

const bar = (time: number, close: number): Candle => ({ time, open: close, high: close, low: close, close, volume: 1 });

describe('portfolioReturnSample', () => {
  it('weights each day’s returns by market value, over the days every holding has', () => {
    const bars = new Map([
      ['AAA', [bar(1, 100), bar(2, 110), bar(3, 99)]],
      ['BBB', [bar(1, 50), bar(2, 50), bar(3, 55), bar(4, 60)]],
      ['NOBARS', []],
    ]);
    const returns = portfolioReturnSample(
      [
        { symbol: 'AAA', marketValue: 3_000 },
        { symbol: 'BBB', marketValue: 1_000 },
        { symbol: 'ZERO', marketValue: 0 },
        { symbol: 'NOBARS', marketValue: 5_000 },
      ],
      bars,
    );
    // Weights 0.75 / 0.25; day 2: 0.75 × 10 % + 0.25 × 0 %; day 3: 0.75 × −10 % + 0.25 × 10 %; day 4 not common.
    expect(returns).toHaveLength(2);
    expect(returns[0]).toBeCloseTo(0.075, 12);
    expect(returns[1]).toBeCloseTo(-0.05, 12);
  });

  it('is empty without holdings or bars', () => {
    expect(portfolioReturnSample([], new Map())).toHaveLength(0);
    expect(portfolioReturnSample([{ symbol: 'AAA', marketValue: 10 }], new Map())).toHaveLength(0);
  });
});

describe('strategyTradeSample', () => {
  const parsed = definitionFromTemplate('sma-crossover', {});
  if (!parsed.ok) throw new Error('template');
  const definition = parsed.definition;

  it('splits the capital among the symbols and gives each trade’s P&L as a fraction of all of it', () => {
    const first = walkBars(600, 1);
    const second = walkBars(400, 2);
    const sample = strategyTradeSample(
      definition,
      new Map([
        ['AAA', first],
        ['BBB', second],
        ['NONE', []],
      ]),
      100_000,
    )!;
    const trades = [first, second].flatMap((bars) => backtestStrategy(definition, bars, { capital: 50_000 }).trades);
    expect(trades.length).toBeGreaterThan(1);
    expect([...sample.returns]).toEqual(trades.map((trade) => trade.pnl / 100_000));
    expect(sample.days).toBe(600); // daily bars: the longest symbol's bar count
    expect(sample.drawsPerStep).toBeCloseTo(trades.length / 600, 12);
  });

  it('is null when no symbol has bars or the strategy made no trade', () => {
    expect(strategyTradeSample(definition, new Map([['AAA', []]]), 100_000)).toBeNull();
    expect(strategyTradeSample(definition, new Map([['AAA', walkBars(10, 1)]]), 100_000)).toBeNull();
  });
});
