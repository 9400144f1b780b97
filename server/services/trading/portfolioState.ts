/**
 * A user's paper account (./accountState.ts) summarised with the latest quotes (src/domain/trading/portfolio.ts), for
 * the portfolio queries, the risk checks and the subscriptions.
 */
import { easternDayNumber, easternTime } from '../../../src/domain/market/calendar';
import type { Portfolio, Position } from '../../../src/domain/trading/account';
import { summarizePortfolio, type PortfolioSummary, type QuoteInput } from '../../../src/domain/trading/portfolio';
import type { PaperSettings } from '../../config';
import type { MarketDataProvider } from '../market';
import type { Queryable } from './accountLocks';
import { readAccountState, type AccountState } from './accountState';
import type { DayActivityCache } from './dayActivity';
import type { Statements } from './engineStatements';

/** What reading a portfolio needs. */
export interface PortfolioDeps {
  statements: Statements;
  days: DayActivityCache;
  db: Queryable;
  market: MarketDataProvider;
  now: () => Date;
  paper: PaperSettings;
}

/** Start of the Eastern calendar day containing `now` (day P&L counts the fills since then). */
export function startOfTradingDay(now: Date): Date {
  return new Date(easternTime(easternDayNumber(now.getTime()), 0));
}

/** The symbols whose quotes value an account state: those held, and those traded today. */
export function symbolsOf(state: AccountState): string[] {
  return [...new Set([...state.positions.filter((p) => p.quantity > 0).map((p) => p.symbol), ...state.today.keys()])];
}

/** The latest quotes of `symbols`, by symbol. */
export async function quotesOf(
  market: MarketDataProvider,
  symbols: readonly string[],
): Promise<Map<string, QuoteInput>> {
  const quotes = new Map<string, QuoteInput>();
  for (const quote of symbols.length > 0 ? await market.getQuotes(symbols) : []) quotes.set(quote.symbol, quote);
  return quotes;
}

/**
 * The portfolio of an account state with the latest quotes of its symbols (a symbol without one is valued at its
 * average cost). Before the first order the account is not stored yet and holds the configured starting cash.
 */
export function summarizeState(
  state: AccountState,
  quotes: ReadonlyMap<string, QuoteInput>,
  paper: PaperSettings,
): PortfolioSummary {
  return summarizePortfolio({
    cashCents: state.account?.cashCents ?? paper.startingCashCents,
    startingCashCents: state.account?.startingCashCents ?? paper.startingCashCents,
    commissionCents: paper.commissionCents,
    holdings: state.positions.filter((p) => p.quantity > 0),
    working: state.working,
    today: state.today,
    quotes,
  });
}

/** The user's portfolio now (one statement). */
export async function loadPortfolioSummary(deps: PortfolioDeps, userId: string): Promise<PortfolioSummary> {
  const state = await readAccountState(deps.statements, deps.db, userId, {
    today: { dayStart: startOfTradingDay(deps.now()), cache: deps.days, store: false },
  });
  return summarizeState(state, await quotesOf(deps.market, symbolsOf(state)), deps.paper);
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
