import { describe, expect, it } from 'vitest';
import { liveEquityCurve, liveFillOfTrade, matchRoundTrips, peakOpenCost, type LiveFill } from './livePerformance';

const DAY = 86_400_000;
const days = [0, DAY, 2 * DAY, 3 * DAY];
/** Two buys of 10, a sell of 15 (both lots, FIFO) and a sell of 10 of which only the 5 held count. */
const fills: LiveFill[] = [
  { symbol: 'AAA', side: 'SELL', quantity: 10, price: 90, commission: 0, time: 3 * DAY + 1000 },
  { symbol: 'AAA', side: 'BUY', quantity: 10, price: 100, commission: 1, time: 1000 },
  { symbol: 'AAA', side: 'BUY', quantity: 10, price: 110, commission: 1, time: DAY + 1000 },
  { symbol: 'AAA', side: 'SELL', quantity: 15, price: 120, commission: 1.5, time: 2 * DAY + 1000 },
];
const closes = new Map([['AAA', new Map(days.map((day, i) => [day, [105, 115, 118, 95][i]!]))]]);

describe('matchRoundTrips', () => {
  it('closes the oldest lots first, sharing commissions by shares, and ignores a sell beyond the lots', () => {
    const trips = matchRoundTrips(fills);
    expect(trips.map(({ quantity, entryTime, exitTime }) => [quantity, entryTime, exitTime])).toEqual([
      [10, 1000, 2 * DAY + 1000],
      [5, DAY + 1000, 2 * DAY + 1000],
      [5, DAY + 1000, 3 * DAY + 1000],
    ]);
    expect(trips.map((t) => [t.entryPrice, t.exitPrice, t.entryCommission, t.exitCommission])).toEqual([
      [100, 120, 1, 1],
      [110, 120, 0.5, 0.5],
      [110, 90, 0.5, 0],
    ]);
    // 10 × (120 − 100) − 1 − 1.5 × 10/15; 5 × 10 − 0.5 − 0.5; 5 × (90 − 110) − 0.5 − 0
    expect(trips.map((t) => t.pnl)).toEqual([198, 49, -100.5]);
    expect(trips[0]!.return).toBeCloseTo(198 / 1001, 12);
    expect(trips[1]!.return).toBeCloseTo(49 / 550.5, 12);
    expect(trips[2]!.return).toBeCloseTo(-100.5 / 550.5, 12);
  });
});

describe('peakOpenCost', () => {
  it('is the largest cost of the open lots', () => {
    expect(peakOpenCost(fills)).toBe(2100);
    expect(peakOpenCost([])).toBe(0);
  });
});

describe('liveEquityCurve', () => {
  it('is the capital plus the fills’ cash plus the open shares at each close', () => {
    const { equity, cash, barsInMarket } = liveEquityCurve(fills, days, closes, 2100);
    expect([...cash]).toEqual([1099, -2, 1796.5, 2246.5]);
    // 2100 − 1001 + 10 × 105; − 1101 + 20 × 115; + 1798.5 + 5 × 118; + 450 (the 5 held of the 10 sold)
    expect([...equity]).toEqual([2149, 2298, 2386.5, 2246.5]);
    expect(barsInMarket).toBe(3);
    // The last value is the capital plus the realised P&L of the round trips.
    expect(equity[3]! - 2100).toBeCloseTo(198 + 49 - 100.5, 9);
  });

  it('marks a symbol without a close that day at its last price, and a fill before the first day on it', () => {
    const early: LiveFill[] = [{ symbol: 'BBB', side: 'BUY', quantity: 2, price: 50, commission: 0, time: -5 }];
    const { equity, barsInMarket } = liveEquityCurve(early, [0, DAY], new Map([['BBB', new Map([[DAY, 60]])]]), 100);
    expect([...equity]).toEqual([100, 120]);
    expect(barsInMarket).toBe(2);
  });
});

describe('liveFillOfTrade', () => {
  it('reads a stored trade in dollars and epoch ms', () => {
    const trade = { symbol: 'AAA', side: 'SELL' as const, quantity: 3, priceCents: 12_345, commissionCents: 150 };
    expect(liveFillOfTrade({ ...trade, createdAt: new Date(DAY) })).toEqual({
      symbol: 'AAA',
      side: 'SELL',
      quantity: 3,
      price: 123.45,
      commission: 1.5,
      time: DAY,
    });
  });
});
