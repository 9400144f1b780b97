import { describe, expect, it } from 'vitest';
import {
  bracketExit,
  commissionCents,
  fillPrice,
  findFill,
  limitFillPrice,
  slippedCents,
  stopFillPrice,
  type BarPrices,
} from './fillModel';

const bar = (open: number, high: number, low: number): BarPrices => ({ open, high, low });

describe('limitFillPrice', () => {
  it('fills a buy limit when the low reaches it, at the limit, or at the open when the bar opens below it', () => {
    expect(limitFillPrice('BUY', 99, bar(100, 101, 99.5))).toBeNull();
    expect(limitFillPrice('BUY', 99, bar(100, 101, 99))).toBe(99);
    expect(limitFillPrice('BUY', 99, bar(98, 100, 97))).toBe(98); // gap down: better than the limit
  });

  it('fills a sell limit when the high reaches it, at the limit, or at the open when the bar opens above it', () => {
    expect(limitFillPrice('SELL', 102, bar(100, 101.99, 99))).toBeNull();
    expect(limitFillPrice('SELL', 102, bar(100, 102, 99))).toBe(102);
    expect(limitFillPrice('SELL', 102, bar(103, 104, 101))).toBe(103);
  });
});

describe('stopFillPrice', () => {
  it('triggers a buy stop when the high reaches it, at the stop, or at a higher open (gap up: worse)', () => {
    expect(stopFillPrice('BUY', 105, bar(100, 104.99, 99))).toBeNull();
    expect(stopFillPrice('BUY', 105, bar(100, 106, 99))).toBe(105);
    expect(stopFillPrice('BUY', 105, bar(107, 108, 106))).toBe(107);
  });

  it('triggers a sell stop when the low reaches it, at the stop, or at a lower open (gap down: worse)', () => {
    expect(stopFillPrice('SELL', 95, bar(100, 101, 95.01))).toBeNull();
    expect(stopFillPrice('SELL', 95, bar(100, 101, 94))).toBe(95);
    expect(stopFillPrice('SELL', 95, bar(93, 94, 92))).toBe(93);
  });
});

describe('fillPrice', () => {
  it('fills market orders at the open and dispatches limit and stop orders', () => {
    const b = bar(100, 106, 94);
    expect(fillPrice({ type: 'MARKET', side: 'BUY' }, b)).toBe(100);
    expect(fillPrice({ type: 'MARKET', side: 'SELL' }, b)).toBe(100);
    expect(fillPrice({ type: 'LIMIT', side: 'BUY', price: 95 }, b)).toBe(95);
    expect(fillPrice({ type: 'STOP', side: 'SELL', price: 95 }, b)).toBe(95);
    expect(fillPrice({ type: 'STOP', side: 'BUY', price: 107 }, b)).toBeNull();
  });
});

describe('bracketExit', () => {
  it('reports neither, the stop, or the target when only one is reached', () => {
    expect(bracketExit(95, 110, bar(100, 105, 96))).toBe('none');
    expect(bracketExit(95, 110, bar(100, 105, 94))).toBe('stop');
    expect(bracketExit(95, 110, bar(100, 111, 96))).toBe('target');
  });

  it('assumes the stop when both are reached inside one bar, unless the open already reached the target', () => {
    expect(bracketExit(95, 110, bar(100, 111, 94))).toBe('stop');
    expect(bracketExit(95, 110, bar(110, 111, 94))).toBe('target');
    expect(bracketExit(95, 110, bar(94, 111, 90))).toBe('stop');
  });

  it('treats an absent leg as never reached', () => {
    expect(bracketExit(Number.NEGATIVE_INFINITY, 110, bar(100, 105, 1))).toBe('none');
    expect(bracketExit(95, Number.POSITIVE_INFINITY, bar(100, 1000, 96))).toBe('none');
  });
});

describe('slippedCents', () => {
  it('keeps whole-cent prices exact without slippage', () => {
    expect(slippedCents('BUY', 100.1, 0)).toBe(10_010); // 100.1 * 100 = 10009.999999999998 in binary
    expect(slippedCents('SELL', 100.1, 0)).toBe(10_010);
    expect(slippedCents('BUY', 0.29, 0)).toBe(29);
  });

  it('moves the price against the trader and rounds against the trader', () => {
    // 10 bps of $100.10: 10010 × 1.001 = 10020.01 cents → buy pays 10021; sell gets 10010 × 0.999 = 9999.99 → 9999.
    expect(slippedCents('BUY', 100.1, 10)).toBe(10_021);
    expect(slippedCents('SELL', 100.1, 10)).toBe(9_999);
    // 5 bps of $200: 20000 × 1.0005 = 20010 exactly; × 0.9995 = 19990 exactly.
    expect(slippedCents('BUY', 200, 5)).toBe(20_010);
    expect(slippedCents('SELL', 200, 5)).toBe(19_990);
  });
});

describe('commissionCents', () => {
  it('adds the per-trade and per-share parts, rounded to cents', () => {
    expect(commissionCents(100, {})).toBe(0);
    expect(commissionCents(100, { perTrade: 1 })).toBe(100);
    expect(commissionCents(100, { perShare: 0.005 })).toBe(50); // 100 × $0.005 = $0.50
    expect(commissionCents(333, { perTrade: 1, perShare: 0.005 })).toBe(267); // $1 + $1.665 = $2.665 → 267 ¢
  });
});

describe('findFill', () => {
  const bars = [bar(100, 101, 99), bar(102, 103, 100), bar(101, 101, 97), bar(96, 99, 95)];

  it('fills a market order at the next bar’s open, never on the decision bar', () => {
    expect(findFill({ type: 'MARKET', side: 'BUY' }, bars, 0, 0)).toEqual({ index: 1, priceCents: 10_200 });
    expect(findFill({ type: 'MARKET', side: 'BUY' }, bars, 3, 0)).toBeNull();
  });

  it('fills a limit on the first later bar that reaches it, even when the decision bar did', () => {
    // Bar 0 reaches 99 but the order exists only after its close; bar 2 is the first later bar with low ≤ 99.
    expect(findFill({ type: 'LIMIT', side: 'BUY', price: 99 }, bars, 0, 0)).toEqual({ index: 2, priceCents: 9_900 });
    // Bar 3 opens at 96, under the 98 limit: fills at the open.
    expect(findFill({ type: 'LIMIT', side: 'BUY', price: 98 }, bars, 2, 0)).toEqual({ index: 3, priceCents: 9_600 });
  });

  it('fills a stop with slippage, and lets a short-lived order expire', () => {
    // Sell stop 97 from bar 1: bar 2's low 97 reaches it → 9700 × (1 − 0.001) = 9690.3 → 9690 cents.
    expect(findFill({ type: 'STOP', side: 'SELL', price: 97 }, bars, 1, 10)).toEqual({ index: 2, priceCents: 9_690 });
    // A DAY order on daily bars (validBars 1) decided at bar 0 can only fill on bar 1, whose low is 100.
    expect(findFill({ type: 'LIMIT', side: 'BUY', price: 99 }, bars, 0, 0, 1)).toBeNull();
  });
});
