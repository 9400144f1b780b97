/**
 * The paper broker's ledger check shared by the engine suites: a user's stored cash, positions and orders equal what
 * their trades add up to, replayed in the order they were written (cash never below 0, no position below 0 shares).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../server/db/client';
import { orders, paperAccounts, positions, trades } from '../../server/db/schema';

export async function expectLedgerReconciles(db: Database, userId: string, startingCashCents: number): Promise<void> {
  const fills = await db.select().from(trades).where(eq(trades.userId, userId)).orderBy(trades.seq);
  let cash = startingCashCents;
  const shares = new Map<string, number>();
  const byOrder = new Map<string, { quantity: number; commission: number }>();
  for (const trade of fills) {
    const value = Math.round(trade.quantity * trade.priceCents);
    cash += trade.side === 'BUY' ? -(value + trade.commissionCents) : value - trade.commissionCents;
    const held = (shares.get(trade.symbol) ?? 0) + (trade.side === 'BUY' ? 1 : -1) * trade.quantity;
    shares.set(trade.symbol, held);
    expect(cash, `cash after trade ${trade.seq}`).toBeGreaterThanOrEqual(0);
    expect(held, `${trade.symbol} shares after trade ${trade.seq}`).toBeGreaterThanOrEqual(0);
    const sum = byOrder.get(trade.orderId) ?? { quantity: 0, commission: 0 };
    sum.quantity += trade.quantity;
    sum.commission += trade.commissionCents;
    byOrder.set(trade.orderId, sum);
  }
  const [account] = await db.select().from(paperAccounts).where(eq(paperAccounts.userId, userId));
  expect(account?.cashCents ?? startingCashCents, 'cash').toBe(cash);
  const stored = await db.select().from(positions).where(eq(positions.userId, userId));
  for (const symbol of new Set([...shares.keys(), ...stored.map((p) => p.symbol)])) {
    expect(stored.find((p) => p.symbol === symbol)?.quantity ?? 0, `${symbol} shares`).toBe(shares.get(symbol) ?? 0);
  }
  for (const order of await db.select().from(orders).where(eq(orders.userId, userId))) {
    const filled = byOrder.get(order.id) ?? { quantity: 0, commission: 0 };
    expect(order.filledQuantity, `order ${order.id} filled`).toBe(filled.quantity);
    if (order.status === 'FILLED') expect(order.filledQuantity).toBe(order.quantity);
    if (order.status === 'OPEN') expect(order.filledQuantity).toBe(0);
  }
}
