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

  it('names the largest holdings and groups the rest as one "N others" slice, last, past eight holdings', () => {
    const positions = Array.from({ length: 150 }, (_, index) => ({ symbol: `S${index}`, marketValue: 1000 - index }));
    const slices = allocation(positions, 990.5);
    // Seven named holdings, cash among them by value, then the 143 smallest as one slice.
    expect(slices.map((slice) => slice.label)).toEqual([
      'S0',
      'S1',
      'S2',
      'S3',
      'S4',
      'S5',
      'S6',
      'Cash',
      '143 others',
    ]);
    const other = slices.at(-1)!;
    const restValue = positions.slice(7).reduce((sum, position) => sum + position.marketValue, 0);
    expect(other).toMatchObject({ value: restValue, holdings: 143 });
    const total = positions.reduce((sum, position) => sum + position.marketValue, 0) + 990.5;
    expect(other.percent).toBeCloseTo((restValue / total) * 100, 10);
    expect(slices.reduce((sum, slice) => sum + slice.percent, 0)).toBeCloseTo(100, 10);
    expect(slices.slice(0, -1).every((slice) => slice.holdings === undefined)).toBe(true);
  });

  it('keeps eight holdings by name (no grouped slice of one)', () => {
    const positions = Array.from({ length: 8 }, (_, index) => ({ symbol: `S${index}`, marketValue: 100 - index }));
    const labels = allocation(positions, 0).map((slice) => slice.label);
    expect(labels).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7']);
    expect(allocation([...positions, { symbol: 'S8', marketValue: 1 }], 0).at(-1)?.label).toBe('2 others');
  });
});

describe('sharesToClose', () => {
  it('rounds down to whole shares, all of them at 100%', () => {
    expect(sharesToClose(10, 100)).toBe(10);
    expect(sharesToClose(10, 25)).toBe(2);
    expect(sharesToClose(3, 100 / 3)).toBe(1);
  });
});
