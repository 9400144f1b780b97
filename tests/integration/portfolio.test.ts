import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createUserWithSession, drivers, graphql } from './helpers';
import {
  cents,
  createTradingTestApp,
  placed,
  placeOrder,
  portfolioOf,
  PORTFOLIO_FIELDS,
  tradesOf,
  type PositionData,
  type TradingTestApp,
} from './ordersSetup';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('paper account settings', () => {
  it('reads PAPER_STARTING_CASH, PAPER_COMMISSION and PAPER_FRACTIONAL in cents, with defaults', () => {
    expect(loadConfig({}).paper).toEqual({ startingCashCents: 100_000_00, commissionCents: 0, fractional: false });
    expect(
      loadConfig({ PAPER_STARTING_CASH: '2500.50', PAPER_COMMISSION: '0.99', PAPER_FRACTIONAL: 'true' }).paper,
    ).toEqual({ startingCashCents: 2500_50, commissionCents: 99, fractional: true });
    expect(() => loadConfig({ PAPER_STARTING_CASH: '-5' })).toThrow('Invalid PAPER_STARTING_CASH');
    expect(() => loadConfig({ PAPER_COMMISSION: '1.234' })).toThrow('Invalid PAPER_COMMISSION');
    expect(() => loadConfig({ PAPER_FRACTIONAL: 'yes' })).toThrow(
      'Invalid PAPER_FRACTIONAL: expected "true" or "false", got "yes"',
    );
  });
});

describe.each(drivers)('portfolio and positions (%s)', (driver) => {
  let t: TradingTestApp;
  let user: { id: string; token: string };
  beforeAll(async () => {
    t = await createTradingTestApp(driver, {
      env: { PAPER_STARTING_CASH: '50000', PAPER_COMMISSION: '1.50', PAPER_FRACTIONAL: 'true' },
    });
    user = await createUserWithSession(t.db);
  });
  afterAll(() => t.close());

  const positionsOf = async () => {
    const result = await graphql<{ positions: PositionData[] }>(
      t.app,
      `
        {
          positions {
            symbol
            quantity
            averageCost
            currentPrice
            marketValue
            costBasis
            unrealizedPnL
            unrealizedPnLPercent
            realizedPnL
            dayPnL
            side
          }
        }
      `,
      { token: user.token },
    );
    return result.data!.positions;
  };

  it('starts with the configured cash and nothing else', async () => {
    expect(await portfolioOf(t.app, user.token)).toMatchObject({
      totalValue: 50_000,
      totalGainLoss: 0,
      totalGainLossPercent: 0,
      dayGainLoss: 0,
      dayGainLossPercent: 0,
      cash: 50_000,
      buyingPower: 50_000,
      marginUsed: 0,
      lastUpdated: new Date(t.clock()).toISOString(),
      positions: [],
    });
    expect(await positionsOf()).toEqual([]);
  });

  it('charges the commission once per order and counts it in the cost basis and the day P&L', async () => {
    const { ask, price } = t.market.getQuote('T')!;
    const order = await placed(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 2.5 }, user.token);
    expect(order).toMatchObject({ status: 'FILLED', filledQuantity: 2.5, averageFillPrice: ask });
    const [trade] = await tradesOf(t.app, {}, user.token);
    expect(trade).toMatchObject({ quantity: 2.5, price: ask, commission: 1.5 });

    const costCents = Math.round(2.5 * cents(ask)) + 150;
    const valueCents = Math.round(2.5 * cents(price));
    const portfolio = await portfolioOf(t.app, user.token);
    expect(portfolio.cash).toBe((cents(50_000) - costCents) / 100);
    expect(portfolio.positions).toEqual([
      {
        symbol: 'T',
        quantity: 2.5,
        averageCost: Math.round((costCents / 2.5) * 100) / 10_000,
        currentPrice: price,
        marketValue: valueCents / 100,
        costBasis: costCents / 100,
        unrealizedPnL: (valueCents - costCents) / 100,
        unrealizedPnLPercent: Math.round(((valueCents - costCents) / costCents) * 1e6) / 1e4,
        realizedPnL: 0,
        dayPnL: (valueCents - costCents) / 100,
        side: 'long',
      },
    ]);
    expect(portfolio.dayGainLoss).toBe((valueCents - costCents) / 100);
    expect(portfolio.totalGainLoss).toBe((valueCents - costCents) / 100);
    expect(await positionsOf()).toEqual(portfolio.positions);
  });

  it('refuses quantities with more than 6 decimals when fractional trading is on', async () => {
    const result = await placeOrder(
      t.app,
      { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 0.0000001 },
      user.token,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('invalid_fractional_quantity');
  });

  it("measures the next day's P&L against the previous close", async () => {
    t.tick(DAY_MS);
    const quote = t.market.getQuote('T')!;
    const [position] = await positionsOf();
    expect(position!.dayPnL).toBe(Math.round(2.5 * (cents(quote.price) - cents(quote.previousClose))) / 100);
    const portfolio = await portfolioOf(t.app, user.token);
    expect(portfolio.dayGainLoss).toBe(position!.dayPnL);
    const before = cents(portfolio.totalValue) - cents(portfolio.dayGainLoss);
    expect(portfolio.dayGainLossPercent).toBe(Math.round((cents(portfolio.dayGainLoss) / before) * 1e6) / 1e4);
  });

  it('realises P&L on a partial sell, minus the commission', async () => {
    const before = (await positionsOf())[0]!;
    const { bid } = t.market.getQuote('T')!;
    await placed(t.app, { symbol: 'T', side: 'SELL', type: 'MARKET', quantity: 1 }, user.token);
    const [after] = await positionsOf();
    const removed = Math.round((cents(before.costBasis) * 1) / 2.5);
    expect(after).toMatchObject({ quantity: 1.5, costBasis: (cents(before.costBasis) - removed) / 100 });
    expect(after!.realizedPnL).toBe((cents(bid) - 150 - removed) / 100);
  });

  it('reads only the signed-in user’s portfolio', async () => {
    const result = await graphql<{ portfolio: { cash: number; positions: unknown[] } }>(
      t.app,
      `{ portfolio { ${PORTFOLIO_FIELDS} } }`,
    );
    expect(result.data?.portfolio).toMatchObject({ cash: 50_000, positions: [] });
  });
});
