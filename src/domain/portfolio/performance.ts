/**
 * Portfolio returns over a period (the assistant's /performance): the account's value at the start of the
 * period is rebuilt from its trades (cash and positions held then, valued at each symbol's last daily close
 * on or before that instant) and compared with its value now. Money is handled in integer cents.
 */

import type { PerformancePeriod } from '../chat/slashCommands';

export interface LedgerTrade {
  /** Epoch ms of the fill. */
  time: number;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  /** Fill price in dollars. */
  price: number;
  /** Commission in dollars. */
  commission: number;
}

export interface DailyClose {
  /** Epoch ms of the session (any instant within or at the start of it). */
  time: number;
  close: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const toCents = (dollars: number) => Math.round(dollars * 100);

/** The instant a period starts, counted back from `now` (YTD: 1 January of `now`'s UTC year; ALL: `since`). */
export function periodStart(period: PerformancePeriod, now: number, since: number): number {
  const date = new Date(now);
  switch (period) {
    case '1D':
      return now - DAY_MS;
    case '1W':
      return now - 7 * DAY_MS;
    case '1M':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, date.getUTCDate(), date.getUTCHours());
    case '3M':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 3, date.getUTCDate(), date.getUTCHours());
    case 'YTD':
      return Date.UTC(date.getUTCFullYear(), 0, 1);
    case '1Y':
      return Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate(), date.getUTCHours());
    case 'ALL':
      return since;
  }
}

/** The last close at or before `time` (closes sorted oldest first), or undefined before the first one. */
export function closeAt(closes: readonly DailyClose[], time: number): number | undefined {
  let found: number | undefined;
  for (const bar of closes) {
    if (bar.time > time) break;
    found = bar.close;
  }
  return found;
}

/** Cash (cents) and shares held at `time`: the starting cash plus every trade filled up to then. */
export function holdingsAt(
  startingCash: number,
  trades: readonly LedgerTrade[],
  time: number,
): { cashCents: number; shares: Map<string, number> } {
  let cashCents = toCents(startingCash);
  const shares = new Map<string, number>();
  for (const trade of trades) {
    if (trade.time > time) continue;
    const gross = toCents(trade.price * trade.quantity);
    const commission = toCents(trade.commission);
    cashCents += trade.side === 'BUY' ? -gross - commission : gross - commission;
    const held = (shares.get(trade.symbol) ?? 0) + (trade.side === 'BUY' ? trade.quantity : -trade.quantity);
    if (held === 0) shares.delete(trade.symbol);
    else shares.set(trade.symbol, held);
  }
  return { cashCents, shares };
}

/**
 * The account's value (dollars) at `time`. A position whose symbol has no close by then is valued at the
 * average price it was bought at (it was just bought), so a missing bar never invents a gain or loss.
 */
export function valueAt(
  startingCash: number,
  trades: readonly LedgerTrade[],
  closes: ReadonlyMap<string, readonly DailyClose[]>,
  time: number,
): number {
  const { cashCents, shares } = holdingsAt(startingCash, trades, time);
  let cents = cashCents;
  for (const [symbol, quantity] of shares) {
    const price = closeAt(closes.get(symbol) ?? [], time) ?? lastTradePrice(trades, symbol, time);
    cents += toCents(price * quantity);
  }
  return cents / 100;
}

function lastTradePrice(trades: readonly LedgerTrade[], symbol: string, time: number): number {
  let price = 0;
  for (const trade of trades) if (trade.symbol === symbol && trade.time <= time) price = trade.price;
  return price;
}

export interface PeriodReturn {
  start: number;
  startValue: number;
  endValue: number;
  change: number;
  /** Percent (1.5 = +1.5 %); 0 when the start value is 0. */
  changePercent: number;
}

/** The return from the period's start to now, given the account's value now. */
export function periodReturn(
  period: PerformancePeriod,
  now: number,
  accountOpened: number,
  startingCash: number,
  trades: readonly LedgerTrade[],
  closes: ReadonlyMap<string, readonly DailyClose[]>,
  endValue: number,
): PeriodReturn {
  const start = Math.max(periodStart(period, now, accountOpened), accountOpened);
  // From the account's opening on, the start is the starting cash (its first trades may share that instant).
  const startValue = start <= accountOpened ? startingCash : valueAt(startingCash, trades, closes, start);
  const change = Math.round((endValue - startValue) * 100) / 100;
  const changePercent = startValue === 0 ? 0 : Math.round((change / startValue) * 1_000_000) / 10_000;
  return { start, startValue, endValue, change, changePercent };
}
