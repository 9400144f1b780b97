import { describe, expect, it } from 'vitest';
import { barsFromCloses } from '../../../domain/strategies/fixtures';
import { rules, type StrategyDefinition } from '../../../domain/strategies';
import { previewSignals, previewSummary } from './preview';

const definition: StrategyDefinition = {
  version: 1,
  symbols: ['SPY'],
  interval: '1D',
  side: 'long',
  entry: rules.all(rules.crossesAbove(rules.close, rules.constant(10))),
  exit: rules.all(rules.crossesBelow(rules.close, rules.constant(10))),
  sizing: { kind: 'percentOfEquity', percent: 10 },
  stops: {},
};

describe('previewSignals', () => {
  it("marks the engine's entries as buys and exits as sells at their bars' times", () => {
    // closes: 9, 11 (cross above), 12, 9 (cross below), 8, 12 (cross above)
    const candles = barsFromCloses([9, 11, 12, 9, 8, 12]).map((bar, index) => ({ ...bar, time: 1000 + index }));
    const preview = previewSignals(definition, candles);
    expect(preview.markers).toEqual([
      { time: 1001, side: 'buy' },
      { time: 1003, side: 'sell' },
      { time: 1005, side: 'buy' },
    ]);
    expect(previewSummary(preview)).toBe('2 entries, 1 exit in the last 6 bars');
  });

  it('counts nothing on bars that never signal', () => {
    const preview = previewSignals(definition, barsFromCloses([5, 6]));
    expect(previewSummary(preview)).toBe('0 entries, 0 exits in the last 2 bars');
  });
});
