import { describe, expect, it } from 'vitest';
import type { RoundTrip } from '../backtest/livePerformance';
import { HOUR_MS } from '../market/calendar';
import { histogram, holdingDistribution, returnDistribution } from './distributions';

const trip = (ret: number, pnl: number, hours: number): RoundTrip => ({
  symbol: 'AAPL',
  quantity: 1,
  entryTime: 0,
  exitTime: hours * HOUR_MS,
  entryPrice: 100,
  exitPrice: 100 + pnl,
  entryCommission: 0,
  exitCommission: 0,
  pnl,
  return: ret,
});

describe('trade distributions', () => {
  it('puts each value in [from, to), edges going right, with open ends', () => {
    const items = [-5, -1, 0, 0.5, 1, 2, 9].map((v) => ({ v, pnl: v * 10 }));
    expect(histogram(items, [0, 1, 2], (i) => i.v)).toEqual([
      { from: null, to: 0, count: 2, pnl: -60 },
      { from: 0, to: 1, count: 2, pnl: 5 },
      { from: 1, to: 2, count: 1, pnl: 10 },
      { from: 2, to: null, count: 2, pnl: 110 },
    ]);
  });

  it('splits losses from wins at 0 and keeps empty buckets', () => {
    const trips = [
      trip(-0.2, -200, 2),
      trip(-0.03, -30, 30),
      trip(0, 0, 0.5),
      trip(0.04, 40, 200),
      trip(0.25, 250, 9000),
    ];
    const byReturn = returnDistribution(trips);
    expect(byReturn.map((b) => b.count)).toEqual([1, 0, 1, 0, 1, 1, 0, 1]);
    expect(byReturn[0]).toEqual({ from: null, to: -0.1, count: 1, pnl: -200 });
    expect(byReturn[3]).toMatchObject({ from: -0.02, to: 0, count: 0 });
    expect(byReturn[4]).toMatchObject({ from: 0, to: 0.02, count: 1, pnl: 0 });
    expect(byReturn.reduce((s, b) => s + b.count, 0)).toBe(trips.length);
  });

  it('buckets holding times in hours up to a year and beyond', () => {
    const trips = [trip(0, 1, 0.5), trip(0, 2, 1), trip(0, 4, 24 * 7 - 1), trip(0, 8, 24 * 200), trip(0, 16, 24 * 400)];
    const byHolding = holdingDistribution(trips);
    expect(byHolding.map((b) => [b.from, b.to, b.count, b.pnl])).toEqual([
      [null, 1, 1, 1],
      [1, 24, 1, 2],
      [24, 168, 1, 4],
      [168, 720, 0, 0],
      [720, 2184, 0, 0],
      [2184, 8760, 1, 8],
      [8760, null, 1, 16],
    ]);
  });

  it('has every bucket at zero without trades', () => {
    expect(returnDistribution([]).every((b) => b.count === 0 && b.pnl === 0)).toBe(true);
    expect(holdingDistribution([])).toHaveLength(7);
  });
});
