/**
 * Reads a user's paper account from the database and summarises it with the latest quotes
 * (src/domain/trading/portfolio.ts), for the portfolio queries, the risk checks and the subscriptions.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { easternDayNumber, easternTime } from '../../../src/domain/market/calendar';
import type { Portfolio, Position } from '../../../src/domain/trading/account';
import { summarizePortfolio, type PortfolioSummary, type QuoteInput } from '../../../src/domain/trading/portfolio';
import type { DayActivity } from '../../../src/domain/trading/positionMath';
import { WORKING_STATUSES } from '../../../src/domain/trading/orderTypes';
import type { PaperSettings } from '../../config';
import type { Database } from '../../db/client';
import { orders, paperAccounts, positions, trades } from '../../db/schema';
import type { MarketDataProvider } from '../market';

/** What reading a portfolio needs. */
export interface PortfolioDeps {
  db: Database;
  market: MarketDataProvider;
  now: () => Date;
  paper: PaperSettings;
}

export type AccountRow = typeof paperAccounts.$inferSelect;

/**
 * The user's paper account; before the first order it is not stored yet and holds the configured starting
 * cash (reading never writes: the account row is created with the first order).
 */
export async function readAccount(
  db: Database,
  userId: string,
  paper: PaperSettings,
): Promise<Pick<AccountRow, 'cashCents' | 'startingCashCents'> & { stored: boolean }> {
  const [existing] = await db.select().from(paperAccounts).where(eq(paperAccounts.userId, userId));
  if (existing) return { ...existing, stored: true };
  return { cashCents: paper.startingCashCents, startingCashCents: paper.startingCashCents, stored: false };
}

/** Start of the Eastern calendar day containing `now` (day P&L counts the fills since then). */
export function startOfTradingDay(now: Date): Date {
  return new Date(easternTime(easternDayNumber(now.getTime()), 0));
}

/** A portfolio summary, and whether the account row exists yet. */
export type StoredPortfolioSummary = PortfolioSummary & { accountStored: boolean };

/**
 * The user's portfolio now. `withDayActivity: false` skips today's fills (the day P&L then only covers shares
 * held since before today): the risk checks of a sell do not need it.
 */
export async function loadPortfolioSummary(
  deps: PortfolioDeps,
  userId: string,
  { withDayActivity = true }: { withDayActivity?: boolean } = {},
): Promise<StoredPortfolioSummary> {
  const { db, market, paper } = deps;
  const account = await readAccount(db, userId, paper);
  const holdings = await db
    .select({
      symbol: positions.symbol,
      quantity: positions.quantity,
      costCents: positions.costCents,
      realizedCents: positions.realizedCents,
    })
    .from(positions)
    .where(and(eq(positions.userId, userId), sql`${positions.quantity} > 0`));
  const working = await db
    .select({
      symbol: orders.symbol,
      side: orders.side,
      quantity: orders.quantity,
      filledQuantity: orders.filledQuantity,
      reservePriceCents: orders.reservePriceCents,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...WORKING_STATUSES])));
  const todayRows = !withDayActivity
    ? []
    : await db
        .select({
          symbol: trades.symbol,
          side: trades.side,
          quantity: sql<string>`sum(${trades.quantity})`,
          valueCents: sql<string>`sum(round(${trades.quantity} * ${trades.priceCents}))`,
          commissionCents: sql<string>`sum(${trades.commissionCents})`,
        })
        .from(trades)
        .where(and(eq(trades.userId, userId), gte(trades.createdAt, startOfTradingDay(deps.now()))))
        .groupBy(trades.symbol, trades.side);

  const today = new Map<string, DayActivity>();
  for (const row of todayRows) {
    const activity = today.get(row.symbol) ?? { boughtQuantity: 0, soldQuantity: 0, buyCents: 0, sellCents: 0 };
    const quantity = Number(row.quantity);
    const value = Number(row.valueCents);
    const commission = Number(row.commissionCents);
    if (row.side === 'BUY') {
      activity.boughtQuantity = quantity;
      activity.buyCents = value + commission;
    } else {
      activity.soldQuantity = quantity;
      activity.sellCents = value - commission;
    }
    today.set(row.symbol, activity);
  }

  const symbols = [...new Set([...holdings.map((h) => h.symbol), ...today.keys()])];
  const quotes = new Map<string, QuoteInput>();
  for (const quote of symbols.length > 0 ? await market.getQuotes(symbols) : []) quotes.set(quote.symbol, quote);

  const summary = summarizePortfolio({
    cashCents: account.cashCents,
    startingCashCents: account.startingCashCents,
    commissionCents: paper.commissionCents,
    holdings,
    working: working.map((order) => ({
      symbol: order.symbol,
      side: order.side,
      remaining: order.quantity - order.filledQuantity,
      reservePriceCents: order.reservePriceCents,
      commissionDue: order.filledQuantity === 0,
    })),
    today,
    quotes,
  });
  return { ...summary, accountStored: account.stored };
}

export function toPortfolio(summary: PortfolioSummary, now: Date): Portfolio {
  return {
    totalValue: summary.totalValueCents / 100,
    totalGainLoss: summary.totalGainLossCents / 100,
    totalGainLossPercent: summary.totalGainLossPercent,
    dayGainLoss: summary.dayGainLossCents / 100,
    dayGainLossPercent: summary.dayGainLossPercent,
    cash: summary.cashCents / 100,
    buyingPower: summary.buyingPowerCents / 100,
    marginUsed: 0,
    lastUpdated: now.toISOString(),
    positions: toPositions(summary),
  };
}

export function toPositions(summary: PortfolioSummary): Position[] {
  return summary.positions.map((p) => ({
    symbol: p.symbol,
    quantity: p.quantity,
    averageCost: Math.round(p.averageCostCents * 100) / 10_000,
    currentPrice: p.priceCents / 100,
    marketValue: p.marketValueCents / 100,
    costBasis: p.costCents / 100,
    unrealizedPnL: p.unrealizedCents / 100,
    unrealizedPnLPercent: p.unrealizedPercent,
    realizedPnL: p.realizedCents / 100,
    dayPnL: p.dayPnLCents / 100,
    side: 'long',
  }));
}

export async function loadPortfolio(deps: PortfolioDeps, userId: string): Promise<Portfolio> {
  return toPortfolio(await loadPortfolioSummary(deps, userId), deps.now());
}
