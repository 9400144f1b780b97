/**
 * Placing an order: one transaction holding the account's lock (./accountLocks.ts) reads the account in one statement
 * (./accountState.ts, the user's trading parameters included), runs the risk checks (src/domain/trading/risk.ts), decides the immediate fill while the market
 * is open (fills.ts) and writes the order with its fill in one more statement (./engineWrites.ts); on PostgreSQL that
 * is two round trips in all, BEGIN and the lock going with the read and the write with COMMIT (./queuedTransaction.ts).
 * A refused order writes nothing; an order placed again under its client order id returns the first one.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { nextClose } from '../../../src/domain/market/calendar';
import { toCents } from '../../../src/domain/market/money';
import { assetPreferenceOf, resolveTradingParameters } from '../../../src/domain/trading/parameters';
import { availableQuantity, decideFill } from '../../../src/domain/trading/fills';
import type { ParsedOrderInput } from '../../../src/domain/trading/orders';
import { roundQuantity } from '../../../src/domain/trading/orderTypes';
import { EMPTY_POSITION } from '../../../src/domain/trading/positionMath';
import { checkOrder } from '../../../src/domain/trading/risk';
import { orders } from '../../db/schema';
import { availableBrokers, canTradeLive } from '../brokers';
import { ModeChangedError } from '../errors';
import { readAccountState } from './accountState';
import { orderError, orderState, quoteCents, type EngineContext } from './engineContext';
import { applyDecision, type AppliedDecision, type FillAccount } from './engineFill';
import { EngineWrites } from './engineWrites';
import type { StoredOrder } from './ordersView';
import { quotesOf, startOfTradingDay, summarizeState, symbolsOf } from './portfolioState';

/** The placed order and its fill; `replayed` when the client order id was placed before (nothing written). */
export type Placement = AppliedDecision & { replayed: boolean };

/** Accounts whose symbols are remembered at most (the least recently placing ones are forgotten first). */
const REMEMBERED_ACCOUNTS = 10_000;

function rememberSymbols(seen: Map<string, readonly string[]>, userId: string, symbols: readonly string[]): void {
  seen.delete(userId);
  seen.set(userId, symbols);
  if (seen.size > REMEMBERED_ACCOUNTS) seen.delete(seen.keys().next().value!);
}

export async function placeOrder(ctx: EngineContext, userId: string, input: ParsedOrderInput): Promise<Placement> {
  const { market, paper } = ctx;
  const at = ctx.now();
  const marketOpen = ctx.isOpen(at);
  const instrument = (await ctx.instruments()).get(input.symbol);
  // Stocks or etfs when the symbol is in the universe.
  const assetType = instrument && assetPreferenceOf(instrument.type);
  const quote = assetType ? await market.getQuote(input.symbol) : undefined;
  // Only the daily loss limit of a buy needs the account valued (src/domain/trading/risk.ts).
  const valued = input.side === 'BUY';
  const prefetched = valued ? await quotesOf(market, ctx.accountSymbols.get(userId) ?? []) : new Map<string, never>();

  return ctx.locks.run([userId], async (tx) => {
    const state = await readAccountState(ctx.statements, tx, userId, {
      symbol: input.symbol,
      // Today's fills matter only to the daily loss limit, which only buys must respect.
      today: valued ? { dayStart: startOfTradingDay(at), cache: ctx.days, store: true } : undefined,
      clientOrderId: input.clientOrderId,
    });
    if (state.existingOrderId) {
      const [existing] = await tx.select().from(orders).where(eq(orders.id, state.existingOrderId));
      if (!existing) throw new Error(`order ${state.existingOrderId} vanished`);
      return { order: existing, trade: null, replayed: true };
    }
    await ctx.admitOrder(tx, userId);

    let quotes = prefetched;
    if (valued) {
      const symbols = symbolsOf(state);
      rememberSymbols(ctx.accountSymbols, userId, symbols);
      const missing = symbols.filter((symbol) => !prefetched.has(symbol));
      if (missing.length > 0) quotes = new Map([...prefetched, ...(await quotesOf(market, missing))]);
    }
    const summary = summarizeState(state, quotes, paper);
    const held = summary.positions.find((p) => p.symbol === input.symbol)?.quantity ?? 0;
    const parameters = resolveTradingParameters(state.preferences);
    // Read only for a user asking for live. One who may trade live belongs to the live broker: reaching this one,
    // the router's remembered mode was stale, and the order must not be filled on paper (ModeChangedError).
    const asksLive = state.preferences.tradingMode === 'live';
    const liveNotAllowed = asksLive && !canTradeLive(await availableBrokers(tx, userId));
    if (asksLive && !liveNotAllowed) throw new ModeChangedError();
    const verdict = checkOrder(input, {
      knownSymbol: quote !== undefined,
      fractional: paper.fractional,
      emergencyStop: state.preferences.emergencyStop,
      liveNotAllowed,
      marketOpen,
      askCents: quote ? toCents(quote.ask) : 0,
      buyingPowerCents: summary.buyingPowerCents,
      commissionCents: paper.commissionCents,
      sellableQuantity: roundQuantity(held - (summary.reservedSells.get(input.symbol) ?? 0)),
      heldQuantity: held,
      maxPositionSizeCents: Math.round(parameters.maxPositionSize * 100),
      dailyLossLimitCents: Math.round(parameters.dailyLossLimit * 100),
      dayPnLCents: summary.dayGainLossCents,
      accountSizeAllocation: parameters.accountSizeAllocation,
      equityCents: summary.totalValueCents,
      investedCents: summary.totalValueCents - summary.cashCents + summary.reservedCents,
      assetType: assetType ?? null,
      assetPreferences: parameters.assetPreferences,
    });
    if (!verdict.ok) throw orderError(verdict.code, verdict.limit);
    if (!quote) throw orderError('unknown_symbol');

    const order: StoredOrder = {
      id: randomUUID(),
      userId,
      clientOrderId: input.clientOrderId,
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      timeInForce: input.timeInForce,
      status: 'OPEN',
      quantity: input.quantity,
      filledQuantity: 0,
      limitPriceCents: input.price === null ? null : toCents(input.price),
      stopPriceCents: input.stopPrice === null ? null : toCents(input.stopPrice),
      reservePriceCents: verdict.reservePriceCents,
      fillValueCents: 0,
      triggered: false,
      expiresAt: input.timeInForce === 'DAY' ? new Date(nextClose(at.getTime())) : null,
      strategyId: input.strategyId,
      reason: input.reason,
      createdAt: at,
      updatedAt: at,
    };
    const cashBefore = state.account?.cashCents ?? paper.startingCashCents;
    const stored = state.positions.find((p) => p.symbol === input.symbol);
    const account: FillAccount = {
      cashCents: cashBefore,
      position: stored
        ? { quantity: stored.quantity, costCents: stored.costCents, realizedCents: stored.realizedCents }
        : EMPTY_POSITION,
    };
    const applied = marketOpen
      ? applyDecision(
          account,
          order,
          decideFill(orderState(order), quoteCents(quote), true, availableQuantity(quote.avgVolume)),
          paper.commissionCents,
          at,
          quote.timestamp,
        )
      : { order, trade: null };

    const writes = new EngineWrites();
    writes.add(applied, { inserted: true });
    if (applied.trade) writes.setPosition(userId, input.symbol, account.position);
    // The account row is created with the first order.
    if (applied.trade || !state.account) writes.moveCash(userId, account.cashCents - cashBefore);
    await writes.write(ctx.statements, tx, { startingCashCents: paper.startingCashCents, at });
    return { ...applied, replayed: false };
  });
}
