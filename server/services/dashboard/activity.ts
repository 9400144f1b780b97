import type { Portfolio } from '../../../src/domain/trading/account';
import type { Order, Trade } from '../../../src/domain/trading/orders';

/** Newest trades and orders the dashboard lists. */
export const RECENT_ACTIVITY_LIMIT = 10;

/** The paper broker's reads the dashboard needs (newest first for lists). */
export interface ActivitySource {
  portfolio(userId: string): Promise<Portfolio>;
  recentOrders(userId: string, limit: number): Promise<Order[]>;
  /** Every trade of the user, oldest first (the summary replays them). */
  allTrades(userId: string): Promise<Trade[]>;
}

/** The user's trading activity in numbers (dollars; winRate in percent). */
export interface ActivitySummary {
  /** Trades (fills) of the user, all time. */
  totalTrades: number;
  /** Dollars traded: Σ quantity × price of those trades. */
  totalVolume: number;
  /** Percent of sells filled above the position's average cost at the time (0 without sells). */
  winRate: number;
  /** The portfolio's change since the previous close. */
  dailyPnL: number;
}

/**
 * totalTrades and totalVolume (Σ quantity × price) over `tradesOldestFirst`; winRate = percent of sells
 * filled above the position's average cost at that moment (average cost replayed from the buys; sells of
 * shares bought before the first trade given are skipped); dailyPnL = the portfolio's dayGainLoss.
 */
export function summarizeActivity(tradesOldestFirst: readonly Trade[], dayGainLoss: number): ActivitySummary {
  const held = new Map<string, { quantity: number; cost: number }>();
  let totalVolumeCents = 0;
  let sells = 0;
  let wins = 0;
  for (const trade of tradesOldestFirst) {
    totalVolumeCents += Math.round(trade.quantity * trade.price * 100);
    const position = held.get(trade.symbol) ?? { quantity: 0, cost: 0 };
    if (trade.side === 'BUY') {
      position.quantity += trade.quantity;
      position.cost += trade.quantity * trade.price;
    } else if (position.quantity > 0) {
      const averageCost = position.cost / position.quantity;
      sells++;
      if (trade.price > averageCost) wins++;
      const sold = Math.min(trade.quantity, position.quantity);
      position.cost -= sold * averageCost;
      position.quantity -= sold;
    }
    held.set(trade.symbol, position);
  }
  return {
    totalTrades: tradesOldestFirst.length,
    totalVolume: totalVolumeCents / 100,
    winRate: sells > 0 ? Math.round((wins / sells) * 10_000) / 100 : 0,
    dailyPnL: dayGainLoss,
  };
}
