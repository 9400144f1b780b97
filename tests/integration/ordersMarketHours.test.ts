import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ERROR_TEXTS } from '../../src/domain/trading/orderErrors';
import { drivers } from './helpers';
import { createTradingTestApp, orderById, placed, placeOrder, type TradingTestApp } from './ordersSetup';

/** Saturday 2026-11-21 12:00 EST: the market is closed until Monday 09:30. */
const SATURDAY_NOON = Date.parse('2026-11-21T17:00:00Z');
const MONDAY_OPEN = Date.parse('2026-11-23T14:30:00Z');
const MONDAY_CLOSE = Date.parse('2026-11-23T21:00:00Z');

describe.each(drivers)('orders and market hours (%s)', (driver) => {
  let t: TradingTestApp;
  beforeAll(async () => {
    t = await createTradingTestApp(driver, { start: SATURDAY_NOON, alwaysOpen: false });
  });
  afterAll(() => t.close());

  it('keeps orders placed while closed OPEN and fills them on the first quote after the open', async () => {
    const marketBuy = await placed(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 5 });
    expect(marketBuy).toMatchObject({ status: 'OPEN', filledQuantity: 0 });
    const high = Math.round((t.market.getQuote('KO')!.ask + 3) * 100) / 100;
    const limitBuy = await placed(t.app, {
      symbol: 'KO',
      side: 'BUY',
      type: 'LIMIT',
      price: high,
      quantity: 2,
      timeInForce: 'GTC',
    });
    expect(limitBuy.status).toBe('OPEN');

    for (const timeInForce of ['IOC', 'FOK']) {
      const result = await placeOrder(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1, timeInForce });
      expect(result.errors?.[0]).toMatchObject({
        message: ORDER_ERROR_TEXTS.market_closed,
        extensions: { code: 'market_closed' },
      });
    }

    // Ticks while closed change nothing.
    expect(t.tick(60_000)).toEqual([]);
    expect((await orderById(t.app, marketBuy.id))?.status).toBe('OPEN');

    t.setClock(MONDAY_OPEN);
    const quotes = t.tick(1000);
    const tQuote = quotes.find((q) => q.symbol === 'T')!;
    const koQuote = quotes.find((q) => q.symbol === 'KO')!;
    expect(await orderById(t.app, marketBuy.id)).toMatchObject({ status: 'FILLED', averageFillPrice: tQuote.ask });
    expect(await orderById(t.app, limitBuy.id)).toMatchObject({ status: 'FILLED', averageFillPrice: koQuote.ask });
  });

  it('expires DAY orders at the close and keeps GTC orders working', async () => {
    t.setClock(MONDAY_CLOSE - 60_000);
    t.tick(1000);
    const low = Math.round((t.market.getQuote('T')!.bid - 2) * 100) / 100;
    const day = await placed(t.app, { symbol: 'T', side: 'BUY', type: 'LIMIT', price: low, quantity: 1 });
    const gtc = await placed(t.app, {
      symbol: 'T',
      side: 'BUY',
      type: 'LIMIT',
      price: low,
      quantity: 1,
      timeInForce: 'GTC',
    });
    expect([day.status, gtc.status]).toEqual(['OPEN', 'OPEN']);

    t.setClock(MONDAY_CLOSE + 1000);
    // The engine checks for expired DAY orders every few seconds.
    let status = day.status;
    for (let i = 0; i < 100 && status !== 'EXPIRED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await orderById(t.app, day.id))!.status;
    }
    expect(await orderById(t.app, day.id)).toMatchObject({
      status: 'EXPIRED',
      reason: 'Day order expired at the close',
    });
    expect((await orderById(t.app, gtc.id))?.status).toBe('OPEN');
  });
});
