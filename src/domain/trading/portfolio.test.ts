import { describe, expect, it } from 'vitest';
import { sumWorkingOrders, summarizePortfolio } from './portfolio';

describe('summarizePortfolio', () => {
  it('values positions at the quote, reserves cash for working buys and shares for working sells', () => {
    const summary = summarizePortfolio({
      cashCents: 90_000_00,
      startingCashCents: 100_000_00,
      commissionCents: 100,
      holdings: [{ symbol: 'KO', quantity: 10, costCents: 600_00, realizedCents: 25_00 }],
      working: sumWorkingOrders([
        { symbol: 'KO', side: 'SELL', remaining: 4, reservePriceCents: 7_000, commissionDue: true },
        { symbol: 'T', side: 'BUY', remaining: 10, reservePriceCents: 2_000, commissionDue: true },
        { symbol: 'T', side: 'BUY', remaining: 5, reservePriceCents: 2_000, commissionDue: false },
      ]),
      today: new Map([['KO', { boughtQuantity: 0, soldQuantity: 0, buyCents: 0, sellCents: 0 }]]),
      quotes: new Map([['KO', { price: 65, previousClose: 64 }]]),
    });
    expect(summary.reservedCents).toBe(200_00 + 100 + 100_00);
    expect(summary.buyingPowerCents).toBe(90_000_00 - 300_00 - 100);
    expect(summary.reservedSells.get('KO')).toBe(4);
    expect(summary.positions).toEqual([
      {
        symbol: 'KO',
        quantity: 10,
        averageCostCents: 6_000,
        priceCents: 6_500,
        marketValueCents: 650_00,
        costCents: 600_00,
        unrealizedCents: 50_00,
        unrealizedPercent: 8.3333,
        realizedCents: 25_00,
        dayPnLCents: 10_00,
      },
    ]);
    expect(summary.totalValueCents).toBe(90_650_00);
    expect(summary.totalGainLossCents).toBe(-9_350_00);
    expect(summary.totalGainLossPercent).toBe(-9.35);
    expect(summary.dayGainLossCents).toBe(10_00);
    expect(summary.dayGainLossPercent).toBe(percent(10_00, 90_640_00));
  });

  it('counts today’s round trips in the day P&L even when the position is closed', () => {
    const summary = summarizePortfolio({
      cashCents: 100_010_00,
      startingCashCents: 100_000_00,
      commissionCents: 0,
      holdings: [],
      working: [],
      today: new Map([['T', { boughtQuantity: 10, soldQuantity: 10, buyCents: 200_00, sellCents: 210_00 }]]),
      quotes: new Map([['T', { price: 22, previousClose: 21 }]]),
    });
    expect(summary.positions).toEqual([]);
    expect(summary.dayGainLossCents).toBe(10_00);
    expect(summary.buyingPowerCents).toBe(100_010_00);
  });
});

describe('sumWorkingOrders', () => {
  it('sums remaining shares, reserved value (whole cents per order) and unfilled orders per symbol and side', () => {
    expect(
      sumWorkingOrders([
        { symbol: 'T', side: 'BUY', remaining: 0.5, reservePriceCents: 3, commissionDue: true },
        { symbol: 'T', side: 'BUY', remaining: 0.5, reservePriceCents: 3, commissionDue: false },
        { symbol: 'T', side: 'SELL', remaining: 2, reservePriceCents: 2_000, commissionDue: true },
        { symbol: 'KO', side: 'BUY', remaining: 1.25, reservePriceCents: 6_000, commissionDue: true },
      ]),
    ).toEqual([
      { symbol: 'T', side: 'BUY', remaining: 1, reservedValueCents: 4, unfilledOrders: 1 },
      { symbol: 'T', side: 'SELL', remaining: 2, reservedValueCents: 4_000, unfilledOrders: 1 },
      { symbol: 'KO', side: 'BUY', remaining: 1.25, reservedValueCents: 7_500, unfilledOrders: 1 },
    ]);
  });
});

function percent(part: number, whole: number): number {
  return Math.round((part / whole) * 1e6) / 1e4;
}
