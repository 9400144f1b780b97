import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../market/calendar';
import { annualisedReturn, chainReturns, dailyReturns, timeWeightedReturn, type EquityPoint } from './returns';
import { moneyWeightedReturn, xirr } from './xirr';

const day = (i: number) => Date.UTC(2025, 0, 6) + i * DAY_MS;
const history = (rows: [number, number][]): EquityPoint[] =>
  rows.map(([equity, netDeposits], i) => ({ time: day(i), equity, netDeposits }));

describe('daily and time-weighted returns', () => {
  // +10 %, a 50 deposit at day 2's close on a flat day, +10 %.
  const withDeposit = history([
    [100, 100],
    [110, 100],
    [160, 150],
    [176, 150],
  ]);
  const withoutDeposit = history([
    [100, 100],
    [110, 100],
    [110, 100],
    [121, 100],
  ]);

  it('neutralises a deposit: the day it lands is not a return', () => {
    expect([...dailyReturns(withDeposit)].map((r) => +r.toFixed(12))).toEqual([0.1, 0, 0.1]);
  });

  it('chains the same TWR with and without the deposit (1.1 × 1 × 1.1 − 1)', () => {
    expect(timeWeightedReturn(withDeposit)).toBeCloseTo(0.21, 12);
    expect(timeWeightedReturn(withoutDeposit)).toBeCloseTo(0.21, 12);
  });

  it('treats a withdrawal the same way', () => {
    const withdrawal = history([
      [100, 100],
      [60, 50],
    ]);
    expect(dailyReturns(withdrawal)[0]).toBeCloseTo(0.1, 12);
  });

  it('has no return with one day', () => {
    expect(dailyReturns(history([[100, 100]]))).toHaveLength(0);
    expect(chainReturns([])).toBe(0);
  });

  it('annualises over 252 trading days', () => {
    expect(annualisedReturn(0.21, 504)).toBeCloseTo(0.1, 12);
    expect(annualisedReturn(-1, 252)).toBe(-1);
  });
});

describe('money-weighted return (XIRR)', () => {
  it("gives Microsoft's documented XIRR example: 0.373362535", () => {
    const flows = [
      [-10000, '2008-01-01'],
      [2750, '2008-03-01'],
      [4250, '2008-10-30'],
      [3250, '2009-02-15'],
      [2750, '2009-04-01'],
    ] as const;
    const rate = xirr(flows.map(([amount, date]) => ({ amount, time: Date.parse(`${date}T00:00:00Z`) })));
    expect(rate).not.toBeNull();
    expect(Math.abs(rate! - 0.373362535)).toBeLessThan(1e-6);
  });

  it('is null without a sign change', () => {
    expect(xirr([{ time: day(0), amount: -100 }])).toBeNull();
    expect(
      xirr([
        { time: day(0), amount: 100 },
        { time: day(9), amount: 5 },
      ]),
    ).toBeNull();
  });

  it('finds a deep loss through bisection when Newton leaves the domain', () => {
    const rate = xirr([
      { time: day(0), amount: -100 },
      { time: day(30), amount: 50 },
    ]);
    expect(rate).not.toBeNull();
    expect(rate!).toBeLessThan(-0.99);
    expect(50 * (1 + rate!) ** (-30 / 365)).toBeCloseTo(100, 4);
  });

  it('is 10 % a year when 100 grows to 121 over 730 days', () => {
    const mwr = moneyWeightedReturn([
      { time: day(0), equity: 100, netDeposits: 100 },
      { time: day(730), equity: 121, netDeposits: 100 },
    ]);
    expect(mwr).toBeCloseTo(0.1, 9);
  });

  it('counts a deposit as money paid in', () => {
    // 100 in at day 0, 100 more at day 365 (equity 210), 220.5 out at day 730: 5 % a year on both.
    const mwr = moneyWeightedReturn([
      { time: day(0), equity: 100, netDeposits: 100 },
      { time: day(365), equity: 205, netDeposits: 200 },
      { time: day(730), equity: 215.25, netDeposits: 200 },
    ]);
    expect(mwr).toBeCloseTo(0.05, 9);
  });
});
