/** What the paper broker's operations share: the database and its account locks, the market, the clock, settings. */
import { toCents } from '../../../src/domain/market/money';
import type { MarketQuote } from '../../../src/domain/market/quote';
import type { Instrument } from '../../../src/domain/market/universe';
import type { QuoteCents, WorkingOrder } from '../../../src/domain/trading/fills';
import { orderErrorMessage, type OrderErrorCode, type OrderErrorDetail } from '../../../src/domain/trading/orderErrors';
import { roundQuantity } from '../../../src/domain/trading/orderTypes';
import type { PaperSettings } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../errors';
import type { MarketDataProvider } from '../market';
import type { AccountLocks } from './accountLocks';
import type { DayActivityCache } from './dayActivity';
import type { Statements } from './engineStatements';
import type { StoredOrder } from './ordersView';

export interface EngineContext {
  db: Database;
  statements: Statements;
  /** Today's fills per account, summed so far (./dayActivity.ts). */
  days: DayActivityCache;
  locks: AccountLocks;
  /**
   * The symbols each account held or traded at its last read: their quotes are fetched before an order's transaction
   * (a provider may call out over the network; the transaction should not wait for it).
   */
  accountSymbols: Map<string, readonly string[]>;
  market: MarketDataProvider;
  /** The universe keyed by symbol (the market service's `instruments`). */
  instruments: () => Promise<ReadonlyMap<string, Instrument>>;
  now: () => Date;
  paper: PaperSettings;
  /** Whether the market trades at `at` as the provider sees it. */
  isOpen(at: Date): boolean;
  /**
   * Refuses a new order the user may not place now (the per-user rate limit), inside the placing transaction that
   * holds the account's lock, so racing placements are counted one after the other.
   */
  admitOrder(tx: Transaction, userId: string): Promise<void>;
}

/** A refused order; a refusal for one of the user's limits names it (`extensions.limit` holds its value). */
export function orderError(code: OrderErrorCode, limit?: OrderErrorDetail): AppError {
  return new AppError(code, orderErrorMessage(code, limit), limit === undefined ? {} : { limit });
}

export function quoteCents(quote: Pick<MarketQuote, 'bid' | 'ask'>): QuoteCents {
  return { bidCents: toCents(quote.bid), askCents: toCents(quote.ask) };
}

/** The part of a stored order the fill rules look at. */
export function orderState(row: StoredOrder): WorkingOrder {
  return {
    side: row.side,
    type: row.type,
    timeInForce: row.timeInForce,
    remaining: roundQuantity(row.quantity - row.filledQuantity),
    limitCents: row.limitPriceCents,
    stopCents: row.stopPriceCents,
    triggered: row.triggered,
  };
}
