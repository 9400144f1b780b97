import { describe, expect, it } from 'vitest';
import * as b from './builders';
import { MAX_ERRORS, type FieldError } from './fieldChecks';
import {
  canonicalJson,
  MAX_CONDITIONS,
  MAX_NESTING,
  MAX_SYMBOLS,
  parseDefinition,
  parseDefinitionJson,
  STRATEGY_LIMITS,
} from './validation';

/** A minimal valid input: what a user may write (defaults left out). */
function input(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    symbols: ['aapl'],
    interval: '1d',
    entry: { conditions: [b.crossesAbove(b.sma(20), b.sma(50))] },
    exit: { match: 'any', conditions: [b.crossesBelow(b.sma(20), b.sma(50))] },
    sizing: { kind: 'fixedShares', shares: 10 },
    ...overrides,
  };
}

function errorsOf(value: unknown): FieldError[] {
  const result = parseDefinition(value);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

function fields(value: unknown): string[] {
  return errorsOf(value).map((e) => e.field);
}

function withEntry(...conditions: unknown[]) {
  return input({ entry: { conditions } });
}

describe('parseDefinition', () => {
  it('accepts a valid definition and fills the defaults', () => {
    const result = parseDefinition(input());
    expect(result).toEqual({
      ok: true,
      definition: {
        version: 1,
        symbols: ['AAPL'],
        interval: '1D',
        side: 'long',
        entry: { match: 'all', conditions: [b.crossesAbove(b.sma(20), b.sma(50))] },
        exit: { match: 'any', conditions: [b.crossesBelow(b.sma(20), b.sma(50))] },
        sizing: { kind: 'fixedShares', shares: 10 },
        stops: {},
      },
    });
  });

  it('accepts every operand, condition, sizing and stop', () => {
    const result = parseDefinition(
      input({
        symbols: ['BRK.B', 'spy', 'SPY'],
        interval: '5m',
        entry: {
          conditions: [
            b.or(
              b.and(
                b.greaterThan(b.ema(12), b.macd('signal', 12, 26, 9)),
                b.lessThan(b.rsi(14), b.bollinger('upper', 20, 2.5)),
              ),
              b.between(b.atr(14), b.constant(-1.5), b.donchian('upper', 20)),
              b.crossesAbove(b.price('high'), b.macd('histogram', 5, 35, 5)),
            ),
          ],
        },
        sizing: { kind: 'atrRisk', riskPercent: 1, atrMultiple: 2, atrPeriod: 20 },
        stops: { stopLossPercent: 5, takeProfitPercent: 100, trailingStopPercent: 0.5 },
      }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.definition.symbols).toEqual(['BRK.B', 'SPY']);
    for (const sizing of [
      { kind: 'fixedDollars', dollars: 5000 },
      { kind: 'percentOfEquity', percent: 100 },
    ]) {
      expect(parseDefinition(input({ sizing })).ok).toBe(true);
    }
  });

  it('names the field of a bad indicator period, whatever is wrong with it', () => {
    for (const period of [0, 501, 2.5, '20', null, Number.NaN]) {
      const errors = errorsOf(withEntry(b.crossesAbove({ kind: 'sma', period } as never, b.sma(50))));
      expect(errors).toEqual([
        { field: 'entry.conditions[0].left.period', message: 'Must be a whole number from 1 to 500' },
      ]);
    }
    expect(fields(withEntry(b.crossesAbove(b.sma(20), { kind: 'ema' } as never)))).toEqual([
      'entry.conditions[0].right.period',
    ]);
  });

  it('rejects a rule referencing an unknown indicator, on its kind', () => {
    const errors = errorsOf(withEntry({ kind: 'greaterThan', left: { kind: 'vwap', period: 20 }, right: b.close }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.field).toBe('entry.conditions[0].left.kind');
    expect(errors[0]!.message).toMatch(/^Unknown indicator "vwap"; use one of price, constant, sma, ema, rsi, macd/);
    expect(fields(withEntry({ kind: 'greaterThan', left: { period: 20 }, right: b.close }))).toEqual([
      'entry.conditions[0].left.kind',
    ]);
  });

  it('checks the other operand fields', () => {
    expect(fields(withEntry(b.greaterThan(b.close, b.macd('line', 26, 12, 9))))).toEqual([
      'entry.conditions[0].right.slow',
    ]);
    expect(fields(withEntry(b.greaterThan(b.close, b.macd('line', 12, 12, 9))))).toEqual([
      'entry.conditions[0].right.slow',
    ]);
    expect(
      fields(withEntry(b.greaterThan(b.close, { kind: 'macd', output: 'zero', fast: 1, slow: 2, signal: 3 } as never))),
    ).toEqual(['entry.conditions[0].right.output']);
    expect(fields(withEntry(b.greaterThan(b.close, b.bollinger('upper', 20, 0))))).toEqual([
      'entry.conditions[0].right.stdDev',
    ]);
    expect(fields(withEntry(b.greaterThan(b.close, b.donchian('middle' as never, 20))))).toEqual([
      'entry.conditions[0].right.band',
    ]);
    expect(fields(withEntry(b.greaterThan({ kind: 'price', field: 'vwap' } as never, b.constant(1e10))))).toEqual([
      'entry.conditions[0].left.field',
      'entry.conditions[0].right.value',
    ]);
    expect(fields(withEntry(b.greaterThan(b.close, { kind: 'sma', period: 20, source: 'high' } as never)))).toEqual([
      'entry.conditions[0].right.source',
    ]);
  });

  it('checks conditions and groups', () => {
    expect(fields(withEntry({ kind: 'crosses', left: b.close, right: b.close }))).toEqual(['entry.conditions[0].kind']);
    expect(errorsOf(withEntry({ kind: 'lessThan', left: b.close }))).toEqual([
      { field: 'entry.conditions[0].right', message: 'Required' },
    ]);
    expect(fields(withEntry({ kind: 'between', operand: b.close, lower: b.close }))).toEqual([
      'entry.conditions[0].upper',
    ]);
    expect(fields(withEntry(b.and()))).toEqual(['entry.conditions[0].conditions']);
    expect(fields(withEntry(b.or(b.greaterThan(b.close, b.sma(0)))))).toEqual([
      'entry.conditions[0].conditions[0].right.period',
    ]);
    let deep = b.greaterThan(b.close, b.sma(5));
    for (let depth = 0; depth < MAX_NESTING; depth++) deep = b.and(deep);
    expect(parseDefinition(withEntry(deep)).ok).toBe(true);
    expect(fields(withEntry(b.or(deep)))).toEqual([
      'entry.conditions[0].conditions[0].conditions[0].conditions[0].conditions[0]',
    ]);
    const many = Array.from({ length: MAX_CONDITIONS + 1 }, () => b.greaterThan(b.close, b.sma(5)));
    expect(errorsOf(withEntry(...many))).toEqual([
      { field: 'entry.conditions', message: 'At most 20 allowed, got 21' },
    ]);
    expect(fields(input({ entry: { match: 'some', conditions: [b.greaterThan(b.close, b.sma(5))] } }))).toEqual([
      'entry.match',
    ]);
  });

  it('needs an entry condition, and an exit condition unless a stop closes positions', () => {
    expect(errorsOf(input({ entry: { conditions: [] } }))).toEqual([
      { field: 'entry.conditions', message: 'Give at least one entry condition' },
    ]);
    expect(errorsOf(input({ exit: { conditions: [] } }))).toEqual([
      { field: 'exit.conditions', message: 'Give an exit condition, or a stop-loss, take-profit or trailing stop' },
    ]);
    expect(parseDefinition(input({ exit: { conditions: [] }, stops: { trailingStopPercent: 10 } })).ok).toBe(true);
    expect(fields(input({ exit: undefined }))).toEqual(['exit']);
  });

  it('checks symbols: 1 to 50 well-formed tickers', () => {
    const many = Array.from({ length: MAX_SYMBOLS + 1 }, (_, i) => `S${i}`);
    expect(errorsOf(input({ symbols: many }))).toEqual([{ field: 'symbols', message: 'At most 50 allowed, got 51' }]);
    expect(parseDefinition(input({ symbols: many.slice(0, MAX_SYMBOLS) })).ok).toBe(true);
    expect(errorsOf(input({ symbols: [] }))).toEqual([{ field: 'symbols', message: 'Give at least one symbol' }]);
    expect(fields(input({ symbols: ['AAPL', '1X', 'TOOLONGSYMBOL', 7, 'A B'] }))).toEqual([
      'symbols[1]',
      'symbols[2]',
      'symbols[3]',
      'symbols[4]',
    ]);
    expect(fields(input({ symbols: 'AAPL' }))).toEqual(['symbols']);
  });

  it('checks the interval, version, side, sizing and stops', () => {
    expect(errorsOf(input({ interval: '2h' }))).toEqual([
      { field: 'interval', message: 'Unknown interval; use one of 1m, 5m, 15m, 1h, 1D' },
    ]);
    expect(fields(input({ version: 2 }))).toEqual(['version']);
    expect(fields(input({ side: 'short' }))).toEqual(['side']);
    expect(fields(input({ sizing: { kind: 'kelly' } }))).toEqual(['sizing.kind']);
    expect(fields(input({ sizing: { kind: 'atrRisk', riskPercent: 0, atrMultiple: 21 } }))).toEqual([
      'sizing.riskPercent',
      'sizing.atrMultiple',
      'sizing.atrPeriod',
    ]);
    expect(errorsOf(input({ sizing: { kind: 'percentOfEquity', percent: 101 } }))).toEqual([
      { field: 'sizing.percent', message: 'Must be a number above 0 and at most 100' },
    ]);
    expect(fields(input({ sizing: { kind: 'fixedShares', shares: -1 } }))).toEqual(['sizing.shares']);
    expect(fields(input({ stops: { stopLossPercent: 0, takeProfitPercent: 'x', trailing: 5 } }))).toEqual([
      'stops.trailing',
      'stops.stopLossPercent',
      'stops.takeProfitPercent',
    ]);
  });

  it('reports every bad field at once, unknown fields included', () => {
    expect(
      fields(input({ extra: true, symbols: ['1X'], interval: 'x', sizing: { kind: 'fixedShares', shares: 0 } })),
    ).toEqual(['extra', 'symbols[0]', 'interval', 'sizing.shares']);
    expect(errorsOf(null)).toEqual([{ field: '', message: 'Must be an object' }]);
    const junk = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`junk${i}`, i]));
    expect(errorsOf(input(junk))).toHaveLength(MAX_ERRORS);
    expect(errorsOf([])).toEqual([{ field: '', message: 'Must be an object' }]);
  });

  it('documents its bounds as constants', () => {
    expect(STRATEGY_LIMITS.period).toEqual({ min: 1, max: 500, integer: true });
    expect(STRATEGY_LIMITS.percent).toMatchObject({ min: 0, max: 100, minExclusive: true });
  });
});

describe('parseDefinitionJson', () => {
  it('reads the stored code, and rejects text that is not JSON or too long', () => {
    expect(parseDefinitionJson(JSON.stringify(input())).ok).toBe(true);
    expect(parseDefinitionJson('{"symbols": [')).toEqual({
      ok: false,
      errors: [{ field: '', message: 'Not valid JSON' }],
    });
    expect(parseDefinitionJson(' '.repeat(100_001))).toMatchObject({ ok: false, errors: [{ field: '' }] });
  });
});

describe('canonicalJson', () => {
  function parsed(value: unknown) {
    const result = parseDefinition(value);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.definition;
  }

  it('gives equal strings for equal definitions written in any key and symbol order', () => {
    const a = parsed(input({ symbols: ['MSFT', 'aapl'] }));
    const reordered = Object.fromEntries(Object.entries(input({ symbols: ['AAPL', 'msft', 'AAPL'] })).reverse());
    reordered.entry = { conditions: [{ right: b.sma(50), left: { period: 20, kind: 'sma' }, kind: 'crossesAbove' }] };
    const c = parsed(reordered);
    expect(canonicalJson(c)).toBe(canonicalJson(a));
    expect(canonicalJson(a)).toMatch(
      /^\{"entry":\{"conditions":\[\{"kind":"crossesAbove","left":\{"kind":"sma","period":20\}/,
    );
  });

  it('round-trips, and differs when the definition does', () => {
    const a = parsed(input());
    expect(parsed(JSON.parse(canonicalJson(a)))).toEqual(a);
    expect(canonicalJson(parsed(input({ interval: '1h' })))).not.toBe(canonicalJson(a));
  });
});
