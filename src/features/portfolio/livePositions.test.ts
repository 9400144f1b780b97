import { describe, expect, it } from 'vitest';
import { allocation, sharesToClose, withPrice } from './livePositions';

const position = {
  symbol: 'AAPL',
  quantity: 10,
  averageCost: 150,
  currentPrice: 160,
  marketValue: 1600,
  costBasis: 1500,
  unrealizedPnL: 100,
  unrealizedPnLPercent: 6.666666666666667,
};

describe('withPrice', () => {
  it('revalues the position at a live price', () => {
    expect(withPrice(position, 161.23)).toEqual({
      ...position,
      currentPrice: 161.23,
      marketValue: 1612.3,
      unrealizedPnL: 112.3,
      unrealizedPnLPercent: (11230 / 150000) * 100,
    });
    expect(withPrice(position, 140).unrealizedPnL).toBe(-100);
  });

  it('keeps the position when no newer price is known', () => {
    expect(withPrice(position, null)).toBe(position);
    expect(withPrice(position, 160)).toBe(position);
  });
});

describe('allocation', () => {
  it('splits the account between positions and cash, largest first', () => {
    expect(
      allocation(
        [
          { symbol: 'AAPL', marketValue: 2500 },
          { symbol: 'MSFT', marketValue: 500 },
        ],
        2000,
      ),
    ).toEqual([
      { label: 'AAPL', value: 2500, percent: 50 },
      { label: 'Cash', value: 2000, percent: 40 },
      { label: 'MSFT', value: 500, percent: 10 },
    ]);
    expect(allocation([], 0)).toEqual([]);
  });
});

describe('sharesToClose', () => {
  it('rounds down to whole shares, all of them at 100%', () => {
    expect(sharesToClose(10, 100)).toBe(10);
    expect(sharesToClose(10, 25)).toBe(2);
    expect(sharesToClose(3, 100 / 3)).toBe(1);
  });
});
