import { eq } from 'drizzle-orm';
import { periodReturn, type DailyClose, type LedgerTrade } from '../../../../src/domain/portfolio/performance';
import type { Database } from '../../../db/client';
import { paperAccounts } from '../../../db/schema';
import { loadAllTrades } from '../../trading';
import type { MarketDataProvider } from '../../market';
import type { AssistantPorts, PortfolioView } from './ports';

/** Daily bars read per traded symbol to value past holdings (about 3 years: enough for 1Y and YTD). */
const HISTORY_BARS = 800;

interface PerformanceDependencies {
  db: Database;
  market: MarketDataProvider;
  now: () => Date;
  portfolio: (userId: string) => Promise<PortfolioView>;
  startingCashCents: number;
}

/** /performance: the paper account's return over a period, rebuilt from its trades and the daily closes. */
export function createPerformancePort({
  db,
  market,
  now,
  portfolio,
  startingCashCents,
}: PerformanceDependencies): AssistantPorts['performance'] {
  return async (userId, period) => {
    const at = now().getTime();
    const [account] = await db.select().from(paperAccounts).where(eq(paperAccounts.userId, userId));
    const trades: LedgerTrade[] = (await loadAllTrades(db, userId)).map((trade) => ({
      time: Date.parse(trade.timestamp),
      symbol: trade.symbol,
      side: trade.side,
      quantity: trade.quantity,
      price: trade.price,
      commission: trade.commission,
    }));
    const closes = new Map<string, DailyClose[]>();
    for (const symbol of new Set(trades.map((trade) => trade.symbol))) {
      const bars = await market.getCandles(symbol, '1D', HISTORY_BARS);
      closes.set(
        symbol,
        bars.map((bar) => ({ time: bar.time, close: bar.close })),
      );
    }
    const current = await portfolio(userId);
    const opened = account?.createdAt.getTime() ?? at;
    const startingCash = (account?.startingCashCents ?? startingCashCents) / 100;
    const result = periodReturn(period, at, opened, startingCash, trades, closes, current.totalValue);
    return {
      period,
      from: new Date(result.start).toISOString().slice(0, 10),
      to: new Date(at).toISOString().slice(0, 10),
      startValue: result.startValue,
      endValue: result.endValue,
      change: result.change,
      changePercent: result.changePercent,
    };
  };
}
