import { describe, expect, it } from 'vitest';
import { matchRoundTrips, type LiveFill } from '../backtest/livePerformance';
import { holdingTerm, realisedGains, tradeStatistics } from './trades';

// Noon in New York.
const at = (date: string, summer = false) => Date.parse(`${date}T${summer ? '16' : '17'}:00:00Z`);
const fill = (side: 'BUY' | 'SELL', quantity: number, price: number, time: number, commission = 0): LiveFill => ({
  symbol: 'AAPL',
  side,
  quantity,
  price,
  commission,
  time,
});

// Two lots; a sell of 15 takes all of the first (held more than a year) and splits the second; the rest of the
// second is sold on its anniversary (not more than a year).
const fills = [
  fill('BUY', 10, 100, at('2024-01-10')),
  fill('BUY', 10, 110, at('2024-06-01', true)),
  fill('SELL', 15, 120, at('2025-01-11'), 1.5),
  fill('SELL', 5, 90, at('2025-06-01', true)),
];

describe('realised gains by FIFO tax lot', () => {
  it('splits lots on a partial sell and the commission by shares', () => {
    const { lots } = realisedGains(fills);
    expect(lots.map((l) => [l.quantity, l.acquiredAt, l.soldAt, l.costBasis, l.proceeds, l.gain, l.term])).toEqual([
      [10, at('2024-01-10'), at('2025-01-11'), 1000, 1199, 199, 'LONG'],
      [5, at('2024-06-01', true), at('2025-01-11'), 550, 599.5, 49.5, 'SHORT'],
      [5, at('2024-06-01', true), at('2025-06-01', true), 550, 450, -100, 'SHORT'],
    ]);
  });

  it('totals short-term and long-term gains', () => {
    expect(realisedGains(fills)).toMatchObject({ shortTerm: -50.5, longTerm: 199, total: 148.5 });
  });

  it('counts more than one year from the New York dates, leap days included', () => {
    expect(holdingTerm(at('2024-03-15'), at('2025-03-15'))).toBe('SHORT');
    expect(holdingTerm(at('2024-03-15'), at('2025-03-16'))).toBe('LONG');
    // 2024-01-10 23:30 in New York is 2024-01-11 04:30 UTC: still the 10th there.
    expect(holdingTerm(Date.parse('2024-01-11T04:30:00Z'), at('2025-01-11'))).toBe('LONG');
    expect(holdingTerm(at('2024-02-29'), at('2025-03-01'))).toBe('SHORT');
    expect(holdingTerm(at('2024-02-29'), at('2025-03-02'))).toBe('LONG');
  });
});

describe('trade statistics', () => {
  it('adds the average win, loss and holding time to the backtest statistics', () => {
    const stats = tradeStatistics(matchRoundTrips(fills));
    expect(stats.totalTrades).toBe(3);
    expect(stats.winRate).toBeCloseTo(2 / 3, 12);
    expect(stats.averageWin).toBeCloseTo(124.25, 12);
    expect(stats.averageLoss).toBeCloseTo(100, 12);
    expect(stats.profitFactor).toBeCloseTo(2.485, 12);
    expect(stats.expectancy).toBeCloseTo(148.5 / 3, 12);
    const held = [at('2025-01-11') - at('2024-01-10'), at('2025-01-11') - at('2024-06-01', true), 365 * 86_400_000];
    expect(stats.averageHoldingMs).toBeCloseTo((held[0]! + held[1]! + held[2]!) / 3, 3);
  });

  it('has no holding time without a closed trade', () => {
    expect(tradeStatistics([])).toMatchObject({
      totalTrades: 0,
      averageWin: 0,
      averageLoss: 0,
      averageHoldingMs: null,
    });
  });
});
