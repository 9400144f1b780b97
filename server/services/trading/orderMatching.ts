/**
 * Matching a symbol's book against a quote: one transaction holding the locks of the accounts whose orders the quote
 * acts on reads those orders with each account's cash and position (./orderBook.ts, one statement), decides every
 * order in time priority with the quote's liquidity shared among them (src/domain/trading/fills.ts), and writes all
 * fills in one statement (./engineWrites.ts). On PostgreSQL the accounts to lock come from a first read outside the
 * transaction; the read under the locks is the one decided on.
 */
import type { MarketQuote } from '../../../src/domain/market/quote';
import { availableQuantity, decideFill } from '../../../src/domain/trading/fills';
import { roundQuantity } from '../../../src/domain/trading/orderTypes';
import { orderState, quoteCents, type EngineContext } from './engineContext';
import { applyDecision, type AppliedDecision, type FillAccount } from './engineFill';
import { EngineWrites } from './engineWrites';
import { readBook } from './orderBook';

export interface MatchResult {
  /** Orders changed (filled, triggered, cancelled), in time priority. */
  applied: AppliedDecision[];
  fills: number;
  /** The symbol has no working order left to watch. */
  bookEmpty: boolean;
}

const NOTHING: MatchResult = { applied: [], fills: 0, bookEmpty: false };

export async function matchBook(ctx: EngineContext, symbol: string, quote: MarketQuote): Promise<MatchResult> {
  const at = ctx.now();
  // While the market is closed nothing fills, and no order that could not wait (IOC, FOK) rests.
  if (!ctx.isOpen(at)) return NOTHING;
  const cents = quoteCents(quote);
  let users: string[] | undefined;
  if (!ctx.locks.exclusive) {
    const preview = await readBook(ctx.db, symbol, cents);
    if (preview.length === 0) return { ...NOTHING, bookEmpty: true };
    users = [...new Set(preview.map((entry) => entry.order.userId))];
  }

  return ctx.locks.run(users ?? [], async (tx) => {
    const book = await readBook(tx, symbol, cents, users);
    if (book.length === 0) return { ...NOTHING, bookEmpty: users === undefined };
    const accounts = new Map<string, FillAccount & { cashBefore: number; traded: boolean }>();
    const writes = new EngineWrites();
    const applied: AppliedDecision[] = [];
    let available = availableQuantity(quote.avgVolume);
    let fills = 0;
    for (const { order, cashCents, position, lastFillQuoteAt } of book) {
      // A quote fills an order once: matched again (a restart, a leader change, two leaders for a moment) or after
      // the order's placement already filled on it, it is skipped (trades_order_quote_idx enforces it).
      if (lastFillQuoteAt !== null && lastFillQuoteAt >= quote.timestamp) continue;
      const decision = decideFill(orderState(order), cents, true, available);
      if (decision.kind === 'wait' && decision.triggered === order.triggered) continue;
      let account = accounts.get(order.userId);
      if (!account) {
        account = { cashCents, position, cashBefore: cashCents, traded: false };
        accounts.set(order.userId, account);
      }
      const result = applyDecision(account, order, decision, ctx.paper.commissionCents, at, quote.timestamp);
      if (result.trade) {
        available = roundQuantity(available - result.trade.quantity);
        account.traded = true;
        fills++;
      }
      writes.add(result);
      applied.push(result);
    }
    for (const [userId, account] of accounts) {
      if (!account.traded) continue;
      writes.setPosition(userId, symbol, account.position);
      writes.moveCash(userId, account.cashCents - account.cashBefore);
    }
    await writes.write(ctx.statements, tx, { startingCashCents: ctx.paper.startingCashCents, at });
    return { applied, fills, bookEmpty: false };
  });
}
