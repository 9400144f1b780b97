import { describe, expect, it } from 'vitest';
import { walkBars } from '../../../src/domain/strategies/fixtures';
import { definitionFromTemplate } from '../../../src/domain/strategies/templates';
import type { PreparedBacktest } from '../strategies/manage';
import type { StrategyRow } from '../strategies/model';
import { alignedBars, planOptimisation } from './optimiseInput';

const parsed = definitionFromTemplate('sma-crossover', { fast: 10, slow: 30 }, { symbols: ['A', 'B'], interval: '1D' });
if (!parsed.ok) throw new Error('template');

function prepared(bars: number, templateId: string | null = 'sma-crossover'): PreparedBacktest {
  const row = { id: 's', version: 1, templateId, parameters: { fast: 10, slow: 30 } } as unknown as StrategyRow;
  return {
    definition: parsed.ok ? parsed.definition : (undefined as never),
    row,
    symbols: ['A', 'B'],
    barsBySymbol: new Map([
      ['A', walkBars(bars, 1)],
      ['B', walkBars(bars, 2)],
    ]),
    options: { capital: 10_000, commissionCents: 100, slippageBps: 5 },
  };
}
const GRID = { method: 'GRID', parameters: [{ name: 'fast', min: 5, max: 15, step: 5 }] };

describe('alignedBars', () => {
  it('keeps, for each symbol, the bars at the times every symbol has', () => {
    const a = walkBars(6, 1);
    const b = walkBars(6, 2).filter((bar) => bar.time !== 2);
    const aligned = alignedBars(
      new Map([
        ['A', a],
        ['B', b.slice(0, 4)],
      ]),
    );
    expect(aligned.map((bars) => bars.map((bar) => bar.time))).toEqual([
      [0, 1, 3, 4],
      [0, 1, 3, 4],
    ]);
  });
});

describe('planOptimisation', () => {
  it('tiles the latest bars with the out-of-sample windows, each in-sample window its share of a pair', () => {
    const plan = planOptimisation(prepared(700), { ...GRID, windows: 4, inSampleFraction: 0.75 }, 1e9);
    // 700 / (4 + 3) = 100 out-of-sample bars, 300 in sample: the windows start at bar 0 and end at 700.
    expect(plan.windows.map((w) => [w.inSample.start, w.inSample.end, w.outOfSample.end])).toEqual([
      [0, 300, 400],
      [100, 400, 500],
      [200, 500, 600],
      [300, 600, 700],
    ]);
    // The other parameter stays at the strategy's value; 3 sets × 300 bars × 4 windows + 4 × 100 checks, × 2 symbols.
    expect(plan.space.dimensions.find((d) => d.name === 'slow')).toMatchObject({ min: 30, max: 30 });
    expect(plan.work).toBe((3 * 300 + 100) * 4 * 2);
    expect(plan.setup.options).toEqual({ capital: 10_000, commission: { perTrade: 1 }, slippageBps: 5 });
    expect(plan.settings).toMatchObject({ templateId: 'sma-crossover', baseParameters: { fast: 10, slow: 30 } });
  });

  it('refuses too much work, too few bars per window, and a strategy without a template, naming the field', () => {
    expect(() => planOptimisation(prepared(700), GRID, 1_000)).toThrow(/^parameters: 8,000 bar-evaluations/);
    expect(() => planOptimisation(prepared(100), { ...GRID, windows: 20 }, 1e9)).toThrow(/^windows: 100 bars/);
    expect(() => planOptimisation(prepared(700, null), GRID, 1e9)).toThrow(/^strategyId: /);
  });
});
