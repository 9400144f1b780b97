// A known daily equity history for the analytics tests (portfolioAnalysis, performanceReport): stored in
// daily_equity for a user, its numbers kept for the assertions.
import type { Database } from '../../server/db/client';
import { insertDailyEquity } from '../../server/services/analytics/dailyEquity';
import { easternDayNumber, previousTradingDay } from '../../src/domain/market/calendar';

export interface EquityHistory {
  /** Trading days (day numbers), oldest first, the last one the trading day before `before`. */
  days: number[];
  /** Equity at each day's close (rounded to cents) and the cumulative net deposits. */
  equity: number[];
  deposits: number[];
}

/**
 * `start` dollars on the first day, then one day per return: equity × (1 + r) rounded to cents, plus `deposit`
 * at the close of day `depositAt` (1-based: the day of the `depositAt`-th return).
 */
export async function storeEquityHistory(
  db: Database,
  userId: string,
  history: { before: number; start: number; returns: readonly number[]; depositAt: number; deposit: number },
): Promise<EquityHistory> {
  const days: number[] = [];
  let day = easternDayNumber(history.before);
  for (let i = 0; i <= history.returns.length; i++) days.unshift((day = previousTradingDay(day)));
  const equity = [history.start];
  const deposits = [history.start];
  history.returns.forEach((r, i) => {
    const flow = i + 1 === history.depositAt ? history.deposit : 0;
    equity.push(Math.round(equity[i]! * (1 + r) * 100) / 100 + flow);
    deposits.push(deposits[i]! + flow);
  });
  await insertDailyEquity(
    db,
    days.map((dayNumber, i) => ({
      userId,
      dayNumber,
      equityCents: Math.round(equity[i]! * 100),
      cashCents: Math.round(equity[i]! * 100),
      netDepositsCents: Math.round(deposits[i]! * 100),
      source: 'backfill' as const,
    })),
  );
  return { days, equity, deposits };
}
