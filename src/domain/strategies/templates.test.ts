import { describe, expect, it } from 'vitest';
import { barsFromCloses, firedAt } from './fixtures';
import { evaluate } from './signals';
import {
  DEFAULT_SIZING,
  definitionFromTemplate,
  findTemplate,
  parseTemplateParams,
  STRATEGY_TEMPLATES,
  type TemplateParams,
} from './templates';
import { parseDefinition } from './validation';

const REQUIRED = [
  'sma-crossover',
  'ema-crossover-trend',
  'rsi-mean-reversion',
  'macd-momentum',
  'bollinger-reversion',
  'bollinger-breakout',
  'donchian-breakout',
];

describe('the template library', () => {
  it('holds the required templates, each documented', () => {
    expect(STRATEGY_TEMPLATES.map((t) => t.id)).toEqual(REQUIRED);
    for (const t of STRATEGY_TEMPLATES) {
      expect(t.name).not.toBe('');
      expect(t.description.length).toBeGreaterThan(150);
      expect(t.tags.length).toBeGreaterThan(0);
      for (const p of t.parameters) {
        expect(p.default).toBeGreaterThanOrEqual(p.min);
        expect(p.default).toBeLessThanOrEqual(p.max);
        expect(p.step).toBeGreaterThan(0);
        expect(p.description).not.toBe('');
        if (p.type === 'integer') expect([p.default, p.min, p.max].every(Number.isInteger)).toBe(true);
      }
    }
  });

  it('builds a valid definition from the defaults, and from the bounds of every parameter', () => {
    for (const t of STRATEGY_TEMPLATES) {
      expect(definitionFromTemplate(t.id, {})).toMatchObject({ ok: true });
      const low = Object.fromEntries(t.parameters.map((p) => [p.name, p.min]));
      const high = Object.fromEntries(t.parameters.map((p) => [p.name, p.max]));
      for (const params of [low, high]) {
        const parsed = parseTemplateParams(t.id, params);
        if (!parsed.ok) continue; // a cross-parameter rule (fast below slow) may reject the extremes
        expect(parseDefinition(t.build(parsed.params)).ok).toBe(true);
      }
    }
  });

  it('uses the setup for symbols, interval, sizing and stops, else the template defaults', () => {
    const result = definitionFromTemplate(
      'rsi-mean-reversion',
      { period: 5 },
      { symbols: ['msft', 'aapl'], interval: '15m', sizing: { kind: 'fixedDollars', dollars: 1000 }, stops: {} },
    );
    expect(result).toMatchObject({
      ok: true,
      definition: {
        symbols: ['AAPL', 'MSFT'],
        interval: '15m',
        sizing: { kind: 'fixedDollars', dollars: 1000 },
        stops: {},
      },
    });
    expect(findTemplate('rsi-mean-reversion')!.build()).toMatchObject({
      symbols: ['SPY'],
      interval: '1D',
      sizing: DEFAULT_SIZING,
      stops: { stopLossPercent: 8 },
    });
    expect(findTemplate('donchian-breakout')!.build().sizing).toEqual({
      kind: 'atrRisk',
      riskPercent: 1,
      atrMultiple: 2,
      atrPeriod: 20,
    });
    expect(definitionFromTemplate('sma-crossover', {}, { symbols: ['1X'], interval: '1D' })).toEqual({
      ok: false,
      errors: [{ field: 'symbols[0]', message: expect.any(String) }],
    });
  });
});

describe('parseTemplateParams', () => {
  it('fills defaults for missing parameters', () => {
    expect(parseTemplateParams('sma-crossover', undefined)).toEqual({ ok: true, params: { fast: 20, slow: 50 } });
    expect(parseTemplateParams('sma-crossover', { slow: 100 })).toEqual({ ok: true, params: { fast: 20, slow: 100 } });
    expect(parseTemplateParams('bollinger-breakout', { stdDev: 2.5 })).toEqual({
      ok: true,
      params: { period: 20, stdDev: 2.5 },
    });
  });

  it('names the field: an unknown template, a parameter out of range, unknown or inconsistent', () => {
    const unknown = parseTemplateParams('martingale', {});
    expect(unknown).toMatchObject({ ok: false, errors: [{ field: 'templateId' }] });
    expect(!unknown.ok && unknown.errors[0]!.message).toMatch(
      /^Unknown template "martingale"; use one of sma-crossover/,
    );
    expect(parseTemplateParams(undefined, {})).toMatchObject({ ok: false, errors: [{ field: 'templateId' }] });
    expect(parseTemplateParams('sma-crossover', { fast: 1 })).toEqual({
      ok: false,
      errors: [{ field: 'params.fast', message: 'Must be a whole number from 2 to 200' }],
    });
    expect(parseTemplateParams('sma-crossover', { fast: 20.5, slow: 501 })).toMatchObject({
      ok: false,
      errors: [{ field: 'params.fast' }, { field: 'params.slow' }],
    });
    expect(parseTemplateParams('bollinger-reversion', { stdDev: 5 })).toEqual({
      ok: false,
      errors: [{ field: 'params.stdDev', message: 'Must be a number from 0.5 to 4' }],
    });
    expect(parseTemplateParams('sma-crossover', { fastPeriod: 5 })).toMatchObject({
      ok: false,
      errors: [{ field: 'params.fastPeriod' }],
    });
    expect(parseTemplateParams('sma-crossover', { fast: 50, slow: 50 })).toEqual({
      ok: false,
      errors: [{ field: 'params.slow', message: 'Must be greater than the fast SMA (50)' }],
    });
    expect(parseTemplateParams('macd-momentum', { fast: 30 })).toMatchObject({
      ok: false,
      errors: [{ field: 'params.slow' }],
    });
    expect(parseTemplateParams('sma-crossover', 'fast=5')).toMatchObject({ ok: false, errors: [{ field: 'params' }] });
  });
});

/** Entry and exit bars of a template on bars made from closes (high = close + 1, low = close - 1). */
function signalsOf(id: string, params: TemplateParams, closes: number[]) {
  const signals = evaluate(findTemplate(id)!.build(params), barsFromCloses(closes));
  const entries = firedAt(signals.entry);
  const exits = firedAt(signals.exit);
  return {
    entries,
    exits,
    entryReasons: entries.map((i) => signals.reason(i, 'entry')),
    exitReasons: exits.map((i) => signals.reason(i, 'exit')),
  };
}

const FLAT = (n: number) => Array.from({ length: n }, () => 10);

describe('template signals on small series', () => {
  it('sma-crossover: SMA 2 over SMA 3', () => {
    // SMA 2: [-, 10, 10, 11.5, 13, 10, 7, 7]; SMA 3: [-, -, 10, 11, 12, 11, 9, 7].
    expect(signalsOf('sma-crossover', { fast: 2, slow: 3 }, [10, 10, 10, 13, 13, 7, 7, 7])).toEqual({
      entries: [3],
      exits: [5],
      entryReasons: ['SMA 2 crossed above SMA 3 at 11.50'],
      exitReasons: ['SMA 2 crossed below SMA 3 at 10.00'],
    });
  });

  it('ema-crossover-trend: buys a cross above the trend EMA, exits on the cross back', () => {
    // After 12 closes of 10 every EMA is 10. Close 12: EMA 2 = 11.33 > EMA 3 = 11, trend EMA 10 = 10.36 < 12.
    // Close 9: EMA 2 = 9.78 < EMA 3 = 10, and 9 < trend 10.12.
    expect(signalsOf('ema-crossover-trend', { fast: 2, slow: 3, trend: 10 }, [...FLAT(12), 12, 9])).toEqual({
      entries: [12],
      exits: [13],
      entryReasons: ['EMA 2 crossed above EMA 3 at 11.33 and close at 12.00 is above EMA 10 at 10.36'],
      exitReasons: ['EMA 2 crossed below EMA 3 at 9.78'],
    });
  });

  it('ema-crossover-trend: skips a cross below the trend EMA', () => {
    // 8, 8, 9.2: EMA 2 8.67, 8.22, 8.87; EMA 3 9, 8.5, 8.85 (a cross on the last bar); trend 9.64, 9.34, 9.31.
    const result = signalsOf('ema-crossover-trend', { fast: 2, slow: 3, trend: 10 }, [...FLAT(12), 8, 8, 9.2]);
    expect(result.entries).toEqual([]);
    expect(result.exits).toEqual([12, 13, 14]);
    expect(result.exitReasons[2]).toBe('close at 9.20 is below EMA 10 at 9.31');
  });

  it('rsi-mean-reversion: RSI 2 leaves oversold, then crosses overbought', () => {
    // Changes -1, -1, +1, +1, +1: RSI 2 = 0, 50, 75, 87.5 from bar 2.
    expect(signalsOf('rsi-mean-reversion', { period: 2, oversold: 30, overbought: 70 }, [10, 9, 8, 9, 10, 11])).toEqual(
      {
        entries: [3],
        exits: [4],
        entryReasons: ['RSI 2 crossed above 30 at 50.00'],
        exitReasons: ['RSI 2 crossed above 70 at 75.00'],
      },
    );
  });

  it('macd-momentum: the histogram turns positive, then negative', () => {
    // Close 12 after 10s: MACD(2, 3) = 11.33 - 11 = 0.33, signal 0.22, histogram 0.11.
    // Close 8: MACD 9.11 - 9.5 = -0.39, signal -0.19, histogram -0.20.
    expect(signalsOf('macd-momentum', { fast: 2, slow: 3, signal: 2 }, [...FLAT(5), 12, 8])).toEqual({
      entries: [5],
      exits: [6],
      entryReasons: ['MACD histogram(2, 3, 2) crossed above 0 at 0.11'],
      exitReasons: ['MACD histogram(2, 3, 2) crossed below 0 at -0.20'],
    });
  });

  it('bollinger-reversion: a close below the lower band, then back above the middle', () => {
    // Window 10, 10, 10, 10, 5: mean 9, σ 2, lower band (1σ) 7. Then 10, 10, 10, 5, 12: middle 9.4.
    expect(signalsOf('bollinger-reversion', { period: 5, stdDev: 1 }, [...FLAT(5), 5, 12])).toEqual({
      entries: [5],
      exits: [6],
      entryReasons: ['close crossed below Bollinger lower(5, 1) at 5.00'],
      exitReasons: ['close crossed above Bollinger middle(5, 1) at 12.00'],
    });
  });

  it('bollinger-breakout: a close above the upper band, then below the middle', () => {
    // Window 10, 10, 10, 10, 15: mean 11, σ 2, upper band (1σ) 13. Then 10, 10, 10, 15, 8: middle 10.6.
    expect(signalsOf('bollinger-breakout', { period: 5, stdDev: 1 }, [...FLAT(5), 15, 8])).toEqual({
      entries: [5],
      exits: [6],
      entryReasons: ['close crossed above Bollinger upper(5, 1) at 15.00'],
      exitReasons: ['close crossed below Bollinger middle(5, 1) at 8.00'],
    });
  });

  it('donchian-breakout: above the previous 5 highs, below the previous 2 lows', () => {
    // Highs 11 ×5, 13, 12, 9; lows 9 ×5, 11, 10, 7.
    expect(signalsOf('donchian-breakout', { entryPeriod: 5, exitPeriod: 2 }, [...FLAT(5), 12, 11, 8])).toEqual({
      entries: [5],
      exits: [7],
      entryReasons: ['close at 12.00 is above Donchian high 5 at 11.00'],
      exitReasons: ['close at 8.00 is below Donchian low 2 at 10.00'],
    });
  });
});
