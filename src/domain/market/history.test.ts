import { describe, expect, it } from 'vitest';
import { dayNumberOf, easternDayNumber, isTradingDayNumber, sessionCloseOf, sessionOpenOf } from './calendar';
import { aggregateCandles, bucketStart, type Candle, type Interval } from './candle';
import { finishHistory, generateHistory, generateHistoryBase, type SymbolHistory } from './history';
import { priceFromLog } from './money';
import { findInstrument, UNIVERSE } from './universe';

const SOME = ['AAPL', 'TSLA', 'KO', 'SPY'].map((s) => findInstrument(s)!);
const IN_SESSION = Date.parse('2026-11-18T16:31:25.500Z'); // Wednesday 11:31:25.5 ET
const AFTER_CLOSE = Date.parse('2026-11-20T23:00:00Z'); // Friday 18:00 ET

const bars = (s: SymbolHistory, interval: Interval) => s.bars[interval].toArray();

/** The coarse bars that the fine bars fully cover, next to the fine bars aggregated (the oldest bucket may be cut off). */
function compareAggregation(fine: Candle[], coarse: Candle[], interval: Interval) {
  const aggregated = aggregateCandles(fine, interval).slice(1);
  const from = aggregated[0]?.time ?? Number.POSITIVE_INFINITY;
  return { aggregated, coarse: coarse.filter((bar) => bar.time >= from) };
}

describe('generateHistory', () => {
  it('is deterministic for a seed and now, and depends on the seed', () => {
    const a = generateHistory({ seed: 'demo', now: IN_SESSION, instruments: SOME });
    const b = generateHistory({ seed: 'demo', now: IN_SESSION, instruments: SOME });
    const c = generateHistory({ seed: 'other', now: IN_SESSION, instruments: SOME });
    for (const interval of ['1m', '1h', '1D'] as const) {
      expect(bars(b.symbols[0]!, interval)).toEqual(bars(a.symbols[0]!, interval));
    }
    expect(b.symbols.map((s) => s.logPrice)).toEqual(a.symbols.map((s) => s.logPrice));
    expect(bars(c.symbols[0]!, '1D').at(-1)).not.toEqual(bars(a.symbols[0]!, '1D').at(-1));
  });

  it('keeps at least two years of daily bars, on trading days only, in time order', () => {
    const history = generateHistory({ seed: 1, now: AFTER_CLOSE, instruments: SOME });
    for (const symbol of history.symbols) {
      const daily = bars(symbol, '1D');
      expect(daily.length).toBe(756);
      expect(daily.at(-1)!.time - daily[0]!.time).toBeGreaterThan(2 * 365 * 86_400_000);
      for (let i = 0; i < daily.length; i++) {
        const bar = daily[i]!;
        expect(isTradingDayNumber(easternDayNumber(bar.time))).toBe(true);
        expect(bar.time).toBe(bucketStart(bar.time, '1D'));
        if (i > 0) expect(bar.time).toBeGreaterThan(daily[i - 1]!.time);
      }
    }
  });

  it('aggregates exactly: 1m → 5m → 15m → 1h → 1D, and 1m → 1D', () => {
    for (const now of [IN_SESSION, AFTER_CLOSE]) {
      const history = generateHistory({ seed: 7, now, instruments: SOME });
      for (const symbol of history.symbols) {
        const chain: [Interval, Interval][] = [
          ['1m', '5m'],
          ['5m', '15m'],
          ['15m', '1h'],
          ['1h', '1D'],
          ['1m', '1D'],
        ];
        for (const [fine, coarse] of chain) {
          const { aggregated, coarse: expected } = compareAggregation(bars(symbol, fine), bars(symbol, coarse), coarse);
          expect(aggregated.length, `${symbol.instrument.symbol} ${fine}→${coarse}`).toBeGreaterThan(0);
          expect(aggregated, `${symbol.instrument.symbol} ${fine}→${coarse}`).toEqual(expected);
        }
      }
    }
  });

  it("ends every interval at the live price, with today's forming bars up to now", () => {
    const history = generateHistory({ seed: 3, now: IN_SESSION, instruments: SOME });
    expect(history.sessionInProgress).toBe(true);
    for (const symbol of history.symbols) {
      const live = priceFromLog(symbol.logPrice);
      for (const interval of ['1m', '5m', '15m', '1h', '1D'] as const) {
        const last = symbol.bars[interval].last()!;
        expect(last.close, interval).toBe(live);
        expect(last.time).toBe(bucketStart(IN_SESSION, interval));
      }
    }
  });

  it('puts intraday bars inside regular sessions only, and stops early-close sessions at 13:00', () => {
    const friday = Date.parse('2026-11-27T19:00:00Z'); // day after Thanksgiving, 14:00 ET, after the early close
    const history = generateHistory({ seed: 5, now: friday, instruments: SOME.slice(0, 1) });
    const minutes = bars(history.symbols[0]!, '1m');
    for (const bar of minutes) {
      const day = easternDayNumber(bar.time);
      expect(bar.time).toBeGreaterThanOrEqual(sessionOpenOf(day));
      expect(bar.time).toBeLessThan(sessionCloseOf(day));
    }
    const lastDay = dayNumberOf(2026, 11, 27);
    const today = minutes.filter((bar) => easternDayNumber(bar.time) === lastDay);
    expect(today.length).toBe(210);
    expect(today.at(-1)!.time).toBe(Date.parse('2026-11-27T17:59:00Z'));
  });

  it('never changes old daily bars when now moves on', () => {
    const earlier = generateHistory({ seed: 9, now: AFTER_CLOSE, instruments: SOME });
    const later = generateHistory({ seed: 9, now: AFTER_CLOSE + 7 * 86_400_000, instruments: SOME });
    const oldDays = bars(earlier.symbols[1]!, '1D').slice(100, 300);
    const sameDays = bars(later.symbols[1]!, '1D').filter((bar) => oldDays.some((o) => o.time === bar.time));
    expect(sameDays).toEqual(oldDays);
  });

  it('stays positive and well-formed over ten years of simulation for the whole universe', () => {
    const now = Date.parse('2026-11-20T23:00:00Z');
    const history = generateHistory({
      seed: 'ten-years',
      now,
      anchorDay: dayNumberOf(2016, 1, 4),
      capacity: { '1D': 2800 },
    });
    expect(history.symbols.length).toBe(UNIVERSE.length);
    const problems: string[] = [];
    for (const symbol of history.symbols) {
      const daily = bars(symbol, '1D');
      if (daily.length < 10 * 250) problems.push(`${symbol.instrument.symbol}: only ${daily.length} days`);
      for (const bar of daily) {
        const wellFormed =
          bar.low > 0 &&
          bar.low <= Math.min(bar.open, bar.close) &&
          bar.high >= Math.max(bar.open, bar.close) &&
          Number.isInteger(bar.volume) &&
          bar.volume > 0;
        if (!wellFormed) problems.push(`${symbol.instrument.symbol} ${new Date(bar.time).toISOString()}`);
      }
      // The pull toward the reference price keeps a decade-long walk within a plausible band.
      const ratio = daily.at(-1)!.close / symbol.instrument.referencePrice;
      if (!(ratio > 0.2 && ratio < 5)) problems.push(`${symbol.instrument.symbol} ended at ${ratio} × reference`);
    }
    expect(problems).toEqual([]);
  });

  it('gives the prices it gave before it was split into a base and its newest session (golden values)', () => {
    const during = generateHistory({ seed: 'demo', now: IN_SESSION, instruments: SOME }).symbols[0]!;
    expect(during.logPrice).toBe(5.00267076483588);
    expect(during.bars['1m'].last()).toEqual({
      time: 1795019460000,
      open: 148.78,
      high: 148.82,
      low: 148.76,
      close: 148.81,
      volume: 16173,
    });
    expect(during.bars['1D'].fromEnd(700)).toEqual({
      time: 1707109200000,
      open: 152.27,
      high: 153.31,
      low: 149.25,
      close: 151.23,
      volume: 49754723,
    });
    const after = generateHistory({ seed: 'demo', now: AFTER_CLOSE, instruments: SOME }).symbols[2]!;
    expect(after.logPrice).toBe(4.27114402180623);
    expect(after.bars['1D'].last()).toEqual({
      time: 1795150800000,
      open: 71.35,
      high: 71.73,
      low: 71.14,
      close: 71.6,
      volume: 10630930,
    });
  });

  it('finishes a base only within its newest session', () => {
    const sessionDay = dayNumberOf(2026, 11, 18);
    const base = () => generateHistoryBase({ seed: 'demo', sessionDay, instruments: SOME });
    expect(finishHistory(base(), IN_SESSION)).toEqual(
      generateHistory({ seed: 'demo', now: IN_SESSION, instruments: SOME }),
    );
    expect(() => finishHistory(base(), AFTER_CLOSE)).toThrow(RangeError);
    expect(() => generateHistoryBase({ seed: 1, sessionDay: dayNumberOf(2026, 11, 22) })).toThrow(RangeError); // a Sunday
  });

  it('rejects a now before the anchor', () => {
    expect(() => generateHistory({ seed: 1, now: Date.parse('2015-06-01T15:00:00Z') })).toThrow(RangeError);
  });
});
