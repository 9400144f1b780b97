import { describe, expect, it } from 'vitest';
import * as b from './builders';
import type { RuleSet, StrategyDefinition } from './definition';
import { barsFromCloses, firedAt, walkBars } from './fixtures';
import { barColumns, describeOperand, evaluate, signalEvents, toBarSignals } from './signals';
import { STRATEGY_TEMPLATES, type TemplateParams } from './templates';

function strategy(entry: RuleSet, exit: RuleSet = b.all()): StrategyDefinition {
  return {
    version: 1,
    symbols: ['SPY'],
    interval: '1D',
    side: 'long',
    entry,
    exit,
    sizing: { kind: 'percentOfEquity', percent: 10 },
    stops: { stopLossPercent: 5 },
  };
}

// SMA 2: [NaN, 10, 10, 11.5, 13, 10, 7, 7]; SMA 3: [NaN, NaN, 10, 11, 12, 11, 9, 7].
const CLOSES = [10, 10, 10, 13, 13, 7, 7, 7];

describe('evaluate', () => {
  it('fires a cross only on the bar of the cross, with the value in the reason', () => {
    const signals = evaluate(
      strategy(b.all(b.crossesAbove(b.sma(2), b.sma(3))), b.all(b.crossesBelow(b.sma(2), b.sma(3)))),
      barsFromCloses(CLOSES),
    );
    expect(firedAt(signals.entry)).toEqual([3]);
    expect(firedAt(signals.exit)).toEqual([5]);
    expect(signals.reason(3, 'entry')).toBe('SMA 2 crossed above SMA 3 at 11.50');
    expect(signals.reason(5, 'exit')).toBe('SMA 2 crossed below SMA 3 at 10.00');
    expect(signals.reason(4, 'entry')).toBeNull();
    expect(signals.length).toBe(CLOSES.length);
  });

  it('holds level conditions on every bar where they are true, and never during warm-up', () => {
    const bars = barsFromCloses(CLOSES);
    const above = evaluate(strategy(b.all(b.greaterThan(b.close, b.sma(3)))), bars);
    expect(firedAt(above.entry)).toEqual([3, 4]);
    expect(above.reason(3, 'entry')).toBe('close at 13.00 is above SMA 3 at 11.00');
    const below = evaluate(strategy(b.all(b.lessThan(b.close, b.constant(8)))), bars);
    expect(firedAt(below.entry)).toEqual([5, 6, 7]);
    expect(below.reason(5, 'entry')).toBe('close at 7.00 is below 8');
    const inside = evaluate(strategy(b.all(b.between(b.close, b.constant(10), b.constant(13)))), bars);
    expect(firedAt(inside.entry)).toEqual([0, 1, 2, 3, 4]);
    expect(inside.reason(0, 'entry')).toBe('close at 10.00 is between 10 and 13');
  });

  it('combines conditions with all / any rule sets and nested and / or groups', () => {
    const bars = barsFromCloses(CLOSES);
    const high = b.greaterThan(b.close, b.constant(12)); // bars 3, 4
    const rising = b.greaterThan(b.sma(2), b.sma(3)); // bars 3, 4
    const low = b.lessThan(b.close, b.constant(8)); // bars 5, 6, 7
    expect(firedAt(evaluate(strategy(b.all(high, low)), bars).entry)).toEqual([]);
    const either = evaluate(strategy(b.any(high, low)), bars);
    expect(firedAt(either.entry)).toEqual([3, 4, 5, 6, 7]);
    expect(either.reason(6, 'entry')).toBe('close at 7.00 is below 8');
    const nested = evaluate(strategy(b.all(b.or(b.and(high, rising), low))), bars);
    expect(firedAt(nested.entry)).toEqual([3, 4, 5, 6, 7]);
    expect(nested.reason(3, 'entry')).toBe('close at 13.00 is above 12 and SMA 2 at 11.50 is above SMA 3 at 11.00');
  });

  it('never fires an empty rule set (an exit left to the stops)', () => {
    const signals = evaluate(strategy(b.all(b.greaterThan(b.close, b.constant(0)))), barsFromCloses(CLOSES));
    expect(firedAt(signals.exit)).toEqual([]);
    expect(firedAt(signals.entry)).toHaveLength(CLOSES.length);
  });

  it('reads Donchian channels of the bars before the current one', () => {
    // highs 11 ×3, 14, 12; lows 9 ×3, 12, 10.
    const bars = barsFromCloses([10, 10, 10, 13, 11]);
    const signals = evaluate(
      strategy(
        b.all(b.greaterThan(b.close, b.donchian('upper', 3))),
        b.all(b.lessThan(b.close, b.donchian('lower', 1))),
      ),
      bars,
    );
    expect(firedAt(signals.entry)).toEqual([3]);
    expect(signals.reason(3, 'entry')).toBe('close at 13.00 is above Donchian high 3 at 11.00');
    expect(firedAt(signals.exit)).toEqual([4]); // 11 < bar 3's low 12
  });

  it('evaluates only from `from` on, with the same values there', () => {
    const bars = walkBars(300);
    const definition = STRATEGY_TEMPLATES[0]!.build({ fast: 5, slow: 15 });
    const full = evaluate(definition, bars);
    const tail = evaluate(definition, bars, { from: 200 });
    expect(firedAt(tail.entry)).toEqual(firedAt(full.entry).filter((i) => i >= 200));
    expect(firedAt(tail.exit)).toEqual(firedAt(full.exit).filter((i) => i >= 200));
  });

  it('gives the same signals from bars and from their columns, and lists them as events', () => {
    const bars = walkBars(300);
    const definition = STRATEGY_TEMPLATES[0]!.build({ fast: 5, slow: 15 });
    const columns = barColumns(bars);
    const fromBars = evaluate(definition, bars);
    const fromColumns = evaluate(definition, columns);
    expect(fromColumns.entry).toEqual(fromBars.entry);
    const events = signalEvents(fromBars, columns);
    expect(events.length).toBe(firedAt(fromBars.entry).length + firedAt(fromBars.exit).length);
    expect(events[0]).toMatchObject({
      time: bars[events[0]!.index]!.time,
      reason: expect.stringMatching(/^SMA 5 crossed/),
    });
  });

  it('gives one object per bar for the backtester, the exit reason first', () => {
    const signals = evaluate(
      strategy(b.all(b.greaterThan(b.close, b.constant(12))), b.all(b.greaterThan(b.close, b.constant(12.5)))),
      barsFromCloses([10, 12.2, 13]),
    );
    expect(toBarSignals(signals)).toEqual([
      { entry: false, exit: false, reason: '' },
      { entry: true, exit: false, reason: 'close at 12.20 is above 12' },
      { entry: true, exit: true, reason: 'close at 13.00 is above 12.5' },
    ]);
  });

  it('names operands the way reasons print them', () => {
    expect(describeOperand(b.macd('line', 12, 26, 9))).toBe('MACD(12, 26, 9)');
    expect(describeOperand(b.macd('signal', 12, 26, 9))).toBe('MACD signal(12, 26, 9)');
    expect(describeOperand(b.bollinger('lower', 20, 2))).toBe('Bollinger lower(20, 2)');
    expect(describeOperand(b.donchian('lower', 10))).toBe('Donchian low 10');
    expect(describeOperand(b.ema(200))).toBe('EMA 200');
    expect(describeOperand(b.atr(14))).toBe('ATR 14');
    expect(describeOperand(b.price('open'))).toBe('open');
  });
});

describe('no look-ahead', () => {
  // Defaults, and short periods so that every template signals often on a short history.
  const SHORT: Readonly<Record<string, TemplateParams>> = {
    'sma-crossover': { fast: 3, slow: 8 },
    'ema-crossover-trend': { fast: 3, slow: 8, trend: 20 },
    'rsi-mean-reversion': { period: 3, oversold: 30, overbought: 70 },
    'macd-momentum': { fast: 3, slow: 8, signal: 3 },
    'bollinger-reversion': { period: 5, stdDev: 1 },
    'bollinger-breakout': { period: 5, stdDev: 1 },
    'donchian-breakout': { entryPeriod: 5, exitPeriod: 3 },
  };
  const history = walkBars(700, 7);
  const cuts = [1, 2, 10, 57, 199, 200, 201, 350, 699];

  for (const template of STRATEGY_TEMPLATES) {
    for (const [label, params] of [
      ['defaults', {}],
      ['short periods', SHORT[template.id] ?? {}],
    ] as const) {
      it(`${template.id} (${label}): truncated histories give the full history's signals on their bars`, () => {
        const definition = template.build(params);
        const full = evaluate(definition, history);
        expect(firedAt(full.entry).length).toBeGreaterThan(0);
        expect(firedAt(full.exit).length).toBeGreaterThan(0);
        for (const cut of cuts) {
          const part = evaluate(definition, history.slice(0, cut));
          expect(part.entry).toEqual(full.entry.subarray(0, cut));
          expect(part.exit).toEqual(full.exit.subarray(0, cut));
          for (const i of firedAt(part.entry)) expect(part.reason(i, 'entry')).toBe(full.reason(i, 'entry'));
          for (const i of firedAt(part.exit)) expect(part.reason(i, 'exit')).toBe(full.reason(i, 'exit'));
        }
      });
    }
  }

  it('covers every template', () => {
    expect(Object.keys(SHORT).sort()).toEqual(STRATEGY_TEMPLATES.map((t) => t.id).sort());
  });
});
