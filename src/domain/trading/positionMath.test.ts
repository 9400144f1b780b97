import { describe, expect, it } from 'vitest';
import {
  applyFill,
  averageCostCents,
  cashDeltaCents,
  dayPnLCents,
  EMPTY_POSITION,
  NO_DAY_ACTIVITY,
  percentOf,
  unrealizedCents,
} from './positionMath';

describe('position math (integer cents)', () => {
  it('averages the cost of several buys, commission included', () => {
    let position = applyFill(EMPTY_POSITION, { side: 'BUY', quantity: 10, priceCents: 10_000, commissionCents: 0 });
    position = applyFill(position, { side: 'BUY', quantity: 30, priceCents: 11_000, commissionCents: 100 });
    expect(position).toEqual({ quantity: 40, costCents: 100_000 + 330_000 + 100, realizedCents: 0 });
    expect(averageCostCents(position)).toBeCloseTo(10_752.5, 10);
  });

  it('realises proceeds minus the sold shares’ average cost and keeps the average cost of the rest', () => {
    const held = { quantity: 3, costCents: 1_000, realizedCents: 0 }; // $3.333… a share
    const after = applyFill(held, { side: 'SELL', quantity: 1, priceCents: 500, commissionCents: 0 });
    expect(after).toEqual({ quantity: 2, costCents: 667, realizedCents: 500 - 333 });
    const closed = applyFill(after, { side: 'SELL', quantity: 2, priceCents: 300, commissionCents: 25 });
    // Selling out removes exactly the remaining cost basis: nothing is lost to rounding.
    expect(closed).toEqual({ quantity: 0, costCents: 0, realizedCents: 167 + 600 - 25 - 667 });
    expect(closed.realizedCents + 0).toBe(500 + 600 - 25 - 1_000);
  });

  it('refuses to sell more shares than held', () => {
    expect(() =>
      applyFill(
        { quantity: 1, costCents: 100, realizedCents: 0 },
        { side: 'SELL', quantity: 2, priceCents: 1, commissionCents: 0 },
      ),
    ).toThrow('cannot sell more shares than held');
  });

  it('moves cash by the fill value and the commission', () => {
    expect(cashDeltaCents({ side: 'BUY', quantity: 3, priceCents: 1_234, commissionCents: 99 })).toBe(-(3_702 + 99));
    expect(cashDeltaCents({ side: 'SELL', quantity: 3, priceCents: 1_234, commissionCents: 99 })).toBe(3_702 - 99);
  });

  it('computes unrealised P&L and percentages', () => {
    const position = { quantity: 10, costCents: 100_000 };
    expect(unrealizedCents(position, 10_550)).toBe(5_500);
    expect(percentOf(5_500, 100_000)).toBe(5.5);
    expect(percentOf(1, 3)).toBe(33.3333);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('computes day P&L against the previous close for held shares and against the fill for shares bought today', () => {
    // Held 10 since yesterday (close $100), bought 5 more today at $102, now $105.
    const today = { boughtQuantity: 5, soldQuantity: 0, buyCents: 51_000, sellCents: 0 };
    expect(dayPnLCents(15, 10_500, 10_000, today)).toBe(10 * 500 + 5 * 300);
    // Held 10, sold 4 today at $103, now $99: realised +$12 vs the close, unrealised −$6 on the 6 left.
    const sold = { boughtQuantity: 0, soldQuantity: 4, buyCents: 0, sellCents: 41_200 };
    expect(dayPnLCents(6, 9_900, 10_000, sold)).toBe(4 * 300 - 6 * 100);
    expect(dayPnLCents(10, 10_100, 10_000, NO_DAY_ACTIVITY)).toBe(1_000);
  });
});
