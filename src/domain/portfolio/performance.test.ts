import { describe, expect, it } from 'vitest';
import {
  closeAt,
  holdingsAt,
  periodReturn,
  periodStart,
  valueAt,
  type DailyClose,
  type LedgerTrade,
} from './performance';

const day = (iso: string) => Date.parse(iso);

const trades: LedgerTrade[] = [
  { time: day('2026-10-01T15:00:00Z'), symbol: 'AAPL', side: 'BUY', quantity: 10, price: 100, commission: 1 },
  { time: day('2026-11-02T15:00:00Z'), symbol: 'AAPL', side: 'SELL', quantity: 4, price: 110, commission: 1 },
  { time: day('2026-11-20T15:00:00Z'), symbol: 'MSFT', side: 'BUY', quantity: 2, price: 400, commission: 0 },
];
const closes = new Map<string, DailyClose[]>([
  [
    'AAPL',
    [
      { time: day('2026-10-01T14:30:00Z'), close: 101 },
      { time: day('2026-10-23T13:30:00Z'), close: 105 },
      { time: day('2026-11-13T14:30:00Z'), close: 108 },
      { time: day('2026-11-20T14:30:00Z'), close: 112 },
    ],
  ],
]);

describe('periodStart', () => {
  const now = day('2026-11-23T15:00:00Z');
  it('counts back from now', () => {
    expect(new Date(periodStart('1D', now, 0)).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(new Date(periodStart('1W', now, 0)).toISOString()).toBe('2026-11-16T15:00:00.000Z');
    expect(new Date(periodStart('1M', now, 0)).toISOString()).toBe('2026-10-23T15:00:00.000Z');
    expect(new Date(periodStart('3M', now, 0)).toISOString()).toBe('2026-08-23T15:00:00.000Z');
    expect(new Date(periodStart('YTD', now, 0)).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date(periodStart('1Y', now, 0)).toISOString()).toBe('2025-11-23T15:00:00.000Z');
    expect(periodStart('ALL', now, 1234)).toBe(1234);
  });
});

describe('holdings and values', () => {
  it('rebuilds cash and shares from the trades up to an instant', () => {
    expect(holdingsAt(100_000, trades, day('2026-09-30T00:00:00Z'))).toEqual({
      cashCents: 10_000_000,
      shares: new Map(),
    });
    const afterSell = holdingsAt(100_000, trades, day('2026-11-10T00:00:00Z'));
    // 100,000 - 1,000 - 1 + 440 - 1
    expect(afterSell.cashCents).toBe(9_943_800);
    expect(afterSell.shares).toEqual(new Map([['AAPL', 6]]));
  });

  it('values positions at the last close on or before the instant', () => {
    expect(closeAt(closes.get('AAPL') ?? [], day('2026-11-01T00:00:00Z'))).toBe(105);
    expect(closeAt(closes.get('AAPL') ?? [], day('2026-09-01T00:00:00Z'))).toBeUndefined();
    // 99,438 cash + 6 × 108
    expect(valueAt(100_000, trades, closes, day('2026-11-15T00:00:00Z'))).toBe(100_086);
  });

  it('values a position without any close yet at its trade price', () => {
    // MSFT has no closes: 2 × 400 after the buy; cash 98,638; AAPL 6 × 112
    expect(valueAt(100_000, trades, closes, day('2026-11-21T00:00:00Z'))).toBe(98_638 + 800 + 672);
  });
});

describe('periodReturn', () => {
  it('compares the value at the start of the period with the value now', () => {
    const now = day('2026-11-23T15:00:00Z');
    const opened = day('2026-09-15T00:00:00Z');
    // 1M starts 2026-10-23T15:00Z: cash 98,999, 10 AAPL at 105 → 100,049
    const result = periodReturn('1M', now, opened, 100_000, trades, closes, 100_500);
    expect(result).toEqual({
      start: day('2026-10-23T15:00:00Z'),
      startValue: 100_049,
      endValue: 100_500,
      change: 451,
      changePercent: 0.4508,
    });
    // ALL starts when the account opened: the starting cash.
    expect(periodReturn('ALL', now, opened, 100_000, trades, closes, 99_000)).toMatchObject({
      startValue: 100_000,
      change: -1000,
      changePercent: -1,
    });
    // A period longer than the account's life starts when it opened.
    expect(periodReturn('1Y', now, opened, 100_000, trades, closes, 100_000).start).toBe(opened);
  });
});
