/**
 * The paper broker across two server processes on one PostgreSQL database (issue 18 point 3): orders of one
 * account arrive through both servers at once. Each check-then-write holds the account's advisory lock
 * (server/services/trading/accountLocks.ts), so cash never goes below 0, no sale exceeds the shares held, and cash and
 * positions equal the ledger replayed from the stored trades (./engineReconcile.ts), also when one of the servers is
 * SIGKILLed mid-fill. Whichever process matches resting orders on quote ticks, only the ledger is asserted.
 */
import { eq, min } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { orders, paperAccounts, positions, trades } from '../../server/db/schema';
import { expectLedgerReconciles } from './engineReconcile';
import {
  CRASH_SYMBOLS,
  crashOrderInput,
  expectCrashSafe,
  placeOrder,
  quotedBids,
  replaySent,
  sendOrders,
  startPaperServer,
  tradeAggressively,
  waitUntil,
  type PaperServer,
  type PlaceOrderResult,
} from './paperServers';
import { createScratchDatabase } from './scratchDatabase';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('paper broker across two server processes (PostgreSQL)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A scratch database, two servers on it (one after the other: the first applies the migrations) and a handle. */
  async function twoServers(env: Record<string, string>) {
    const scratch = await createScratchDatabase(adminUrl!, 'two_servers');
    cleanups.push(() => scratch.drop());
    const serverEnv = { DATABASE_URL: scratch.url, MARKET_SEED: 'two-servers', ...env };
    const servers: (PaperServer | undefined)[] = [];
    cleanups.push(() => Promise.all(servers.map((server) => server?.kill('SIGKILL'))));
    for (let i = 0; i < 2; i++) servers.push(await startPaperServer(serverEnv));
    const handle: DatabaseHandle = await createDatabase(loadConfig({ DATABASE_URL: scratch.url }), console);
    cleanups.push(() => handle.close());
    return { servers, db: handle.db, start: () => startPaperServer(serverEnv) };
  }

  const codes = (results: readonly PlaceOrderResult[]) => {
    const counted = new Map<string, number>();
    for (const result of results) {
      const code = result.data?.placeOrder ? 'accepted' : (result.errors?.[0]?.extensions?.code ?? 'unknown');
      counted.set(code, (counted.get(code) ?? 0) + 1);
    }
    return Object.fromEntries(counted);
  };

  it('fills 200 buys and 200 sells sent at once through both servers without overspending or overselling', async () => {
    const STARTING_CASH_CENTS = 1_000_00;
    const COMMISSION_CENTS = 35;
    const { servers, db } = await twoServers({ PAPER_STARTING_CASH: '1000', PAPER_COMMISSION: '0.35' });
    const addresses = servers.map((server) => server!.address);
    // Aggressive: a $2,000 maximum position, so that only the cash limits the buys.
    await tradeAggressively(addresses[0]!);

    // The account row and positions are read all through the races: never below 0.
    let watching = true;
    const lowest = { cash: Number.POSITIVE_INFINITY, shares: Number.POSITIVE_INFINITY, reads: 0 };
    const watcher = (async () => {
      while (watching) {
        const [cash] = await db.select({ value: min(paperAccounts.cashCents) }).from(paperAccounts);
        const [shares] = await db.select({ value: min(positions.quantity) }).from(positions);
        lowest.cash = Math.min(lowest.cash, cash?.value ?? Number.POSITIVE_INFINITY);
        lowest.shares = Math.min(lowest.shares, shares?.value ?? Number.POSITIVE_INFINITY);
        lowest.reads++;
      }
    })();

    /** Sends `count` copies of `input` at once, alternating between the two servers. */
    const race = (count: number, input: Record<string, unknown>) =>
      Promise.all(Array.from({ length: count }, (_, i) => placeOrder(addresses[i % 2]!, input)));

    const buys = codes(await race(200, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 1 }));
    const [account] = await db.select().from(paperAccounts);
    const userId = account!.userId;
    const [held] = await db.select().from(positions).where(eq(positions.userId, userId));
    const bought = held!.quantity;
    // Cash ran out part way: some buys filled, the rest were refused for buying power, and what is left would
    // not pay for two more shares at the highest price paid.
    expect(Object.keys(buys).sort()).toEqual(['accepted', 'insufficient_buying_power']);
    expect(buys.accepted).toBe(bought);
    const buyFills = await db.select().from(trades).where(eq(trades.userId, userId));
    const highest = Math.max(...buyFills.map((trade) => trade.priceCents));
    expect(account!.cashCents).toBeGreaterThanOrEqual(0);
    expect(account!.cashCents).toBeLessThan(2 * (highest + COMMISSION_CENTS));
    await expectLedgerReconciles(db, userId, STARTING_CASH_CENTS);

    const sells = codes(await race(200, { symbol: 'T', side: 'SELL', type: 'MARKET', quantity: 1 }));
    watching = false;
    await watcher;
    // Exactly the shares held were sold, the other sells refused: never more sold than held.
    expect(sells).toEqual({ accepted: bought, insufficient_position: 200 - bought });
    const fills = await db.select().from(trades).where(eq(trades.userId, userId));
    const total = (side: 'BUY' | 'SELL') =>
      fills.filter((trade) => trade.side === side).reduce((sum, trade) => sum + trade.quantity, 0);
    expect(total('BUY')).toBe(bought);
    expect(total('SELL')).toBe(bought);
    const [after] = await db.select().from(positions).where(eq(positions.userId, userId));
    expect(after?.quantity ?? 0).toBe(0);
    expect(lowest.reads).toBeGreaterThan(0);
    expect(lowest.cash).toBeGreaterThanOrEqual(0);
    expect(lowest.shares).toBeGreaterThanOrEqual(0);
    await expectLedgerReconciles(db, userId, STARTING_CASH_CENTS);
    console.info(
      `two servers: ${bought} of 200 buys filled, ${sells.accepted} of 200 sells; ${lowest.reads} reads of the account during the races`,
    );
  }, 180_000);

  it('keeps every acknowledged order and balances that match the trades after one of two servers is SIGKILLed', async () => {
    const { servers, db, start } = await twoServers({});
    await tradeAggressively(servers[1]!.address);
    const bids = await quotedBids(servers[0]!.address, CRASH_SYMBOLS);
    const input = (n: number) => crashOrderInput(n, bids);
    // Order n through server n % 2, or the other one while that one is down.
    const route = (n: number) => (servers[n % 2] ?? servers[(n + 1) % 2])?.address;
    const stream = sendOrders(route, input);
    await waitUntil(() => stream.acknowledged.size, 80);

    const killed = servers[0]!;
    servers[0] = undefined;
    expect(await killed.kill('SIGKILL')).toBeNull();
    const atKill = stream.acknowledged.size;
    // The other server goes on taking orders while the first restarts, then both do.
    const restarting = start();
    await waitUntil(() => stream.acknowledged.size, atKill + 30);
    servers[0] = await restarting;
    const atRestart = stream.acknowledged.size;
    await waitUntil(() => stream.acknowledged.size, atRestart + 60);
    await stream.stop();

    // Replaying requests through either server is safe: acknowledged ones return the same order.
    await replaySent(stream, input, (i) => servers[i % 2]!.address);
    for (const [i, server] of servers.entries()) {
      servers[i] = undefined;
      expect(await server!.kill('SIGTERM')).toBe(0);
    }

    const stored = await expectCrashSafe(db, stream.acknowledged, 100_000_00);
    const limits = await db.select({ status: orders.status }).from(orders).where(eq(orders.type, 'LIMIT'));
    const filledLimits = limits.filter((order) => order.status === 'FILLED').length;
    console.info(
      `two servers, SIGKILL: ${stream.sent.length} sent, ${stream.acknowledged.size} acknowledged ` +
        `(${atKill} before the kill, ${atRestart - atKill} while one was down), ${stored.orders} orders and ${stored.trades} trades stored, ${filledLimits} of ${limits.length} limit buys filled; refused: ${JSON.stringify(Object.fromEntries(stream.refused))}`,
    );
  }, 240_000);
});
