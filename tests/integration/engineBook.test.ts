/**
 * The book read on a quote (server/services/trading/orderBook.ts) returns exactly the working orders the quote acts
 * on by the fill rules (actsOnQuote, src/domain/trading/fills.ts), oldest first, plus the book's oldest order: its SQL
 * and the rule agree on random books and quotes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paperAccounts } from '../../server/db/schema';
import { readBook } from '../../server/services/trading/orderBook';
import { actsOnQuote } from '../../src/domain/trading/fills';
import { ORDER_STATUSES, ORDER_TYPES, TIME_IN_FORCE, isWorking } from '../../src/domain/trading/orderTypes';
import { createTestApp, createUserWithSession, drivers, type TestApp } from './helpers';

// A narrow band, so that limits and stops often equal the bid or the ask.
const cents = fc.integer({ min: 9_990, max: 10_010 });
const row = fc.record({
  side: fc.constantFrom('BUY' as const, 'SELL' as const),
  type: fc.constantFrom(...ORDER_TYPES),
  timeInForce: fc.constantFrom(...TIME_IN_FORCE),
  status: fc.constantFrom(...ORDER_STATUSES),
  limitPriceCents: fc.option(cents),
  stopPriceCents: fc.option(cents),
  triggered: fc.boolean(),
  symbol: fc.constantFrom('T', 'T', 'T', 'KO'),
});

describe.each(drivers)('order book read on a quote (%s)', (driver) => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    userId = (await createUserWithSession(t.db)).id;
    await t.db.insert(paperAccounts).values({ userId, cashCents: 1_000_00, startingCashCents: 1_000_00 });
    const book = fc.sample(row, { numRuns: 400, seed: 20261118 });
    await t.db
      .insert(orders)
      .values(book.map((order) => ({ ...order, userId, quantity: 5, filledQuantity: 0, reservePriceCents: 10_000 })));
  });
  afterAll(() => t.close());

  it('returns the working orders the quote acts on, oldest first, and the oldest working order', async () => {
    const stored = (await t.db.select().from(orders).orderBy(orders.seq)).filter(
      (order) => order.symbol === 'T' && isWorking(order.status),
    );
    const quotes = fc.sample(
      fc.tuple(cents, fc.integer({ min: 1, max: 5 })).map(([bidCents, spread]) => ({
        bidCents,
        askCents: bidCents + spread,
      })),
      { numRuns: 60, seed: 7 },
    );
    for (const quote of quotes) {
      const expected = stored
        .filter(
          (order, i) =>
            i === 0 ||
            actsOnQuote(
              {
                ...order,
                limitCents: order.limitPriceCents,
                stopCents: order.stopPriceCents,
              },
              quote,
            ),
        )
        .map((order) => order.id);
      const read = await readBook(t.db, 'T', quote);
      expect(read.map((entry) => entry.order.id)).toEqual(expected);
      expect(read.every((entry) => entry.cashCents === 1_000_00)).toBe(true);
    }
  });
});
