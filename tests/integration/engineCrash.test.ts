/**
 * Crash safety: the real server (server/main.ts) on a file-backed PGlite is SIGKILLed while orders are being
 * placed and filled over HTTP. After a restart every acknowledged order is there, and cash and positions equal
 * the ledger recomputed from the stored trades (each fill is one transaction).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/client';
import { orders, paperAccounts, positions, trades } from '../../server/db/schema';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { startTsxServer } from './serverProcess';

const dataDir = mkdtempSync(join(tmpdir(), 'engine-crash-'));
const SYMBOLS = ['T', 'INTC', 'PFE', 'CMCSA', 'VZ', 'BAC', 'KO', 'WFC'];
const STARTING_CASH_CENTS = 100_000_00;

interface Server {
  address: string;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

async function startServer(): Promise<Server> {
  const server = await startTsxServer({ DATA_DIR: dataDir, MARKET_HOURS: 'always', MARKET_SEED: 'crash-test' });
  return {
    address: server.address,
    kill: (signal) => {
      server.child.kill(signal);
      return server.exited;
    },
  };
}

async function gql<T>(address: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${address}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SINGLE_USER_TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T | null; errors?: { extensions?: { code?: string } }[] };
}

const PLACE = `mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id clientOrderId status } }`;

/** Bid of each symbol when the first server started (resting limit buys at it fill on later ticks). */
const bids = new Map<string, number>();

function orderInput(n: number) {
  const symbol = SYMBOLS[n % SYMBOLS.length]!;
  // Buys and sells of a few shares, and resting limit buys that the quote ticks fill later.
  if (n % 4 === 3)
    return { symbol, side: 'BUY', type: 'LIMIT', price: bids.get(symbol), quantity: 1, timeInForce: 'GTC' };
  return { symbol, side: n % 3 === 2 ? 'SELL' : 'BUY', type: 'MARKET', quantity: 1 + (n % 2) };
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('crash safety of the paper broker (file-backed PGlite, SIGKILL)', () => {
  it('keeps every acknowledged order and balances that match the trades after a SIGKILL mid-fill', async () => {
    const first = await startServer();
    const quotes = await gql<{ marketDataBatch: { symbol: string; bid: number }[] }>(
      first.address,
      'query Q($symbols: [String!]!) { marketDataBatch(symbols: $symbols) { symbol bid } }',
      { symbols: SYMBOLS },
    );
    for (const quote of quotes.data!.marketDataBatch) bids.set(quote.symbol, quote.bid);
    const acknowledged = new Map<string, string>(); // clientOrderId → order id
    const sent: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const n = next++;
        const clientOrderId = `crash-${n}`;
        sent.push(clientOrderId);
        try {
          const result = await gql<{ placeOrder: { id: string } }>(first.address, PLACE, {
            input: { ...orderInput(n), clientOrderId },
          });
          if (result.data?.placeOrder && !killed) acknowledged.set(clientOrderId, result.data.placeOrder.id);
        } catch {
          return; // connection refused or reset: the server is gone
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    while (acknowledged.size < 80) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    expect(await first.kill('SIGKILL')).toBeNull();
    await Promise.allSettled(workers);
    const acked = new Map(acknowledged);

    const second = await startServer();
    try {
      const stored = await gql<{ orders: { id: string; clientOrderId: string }[] }>(
        second.address,
        '{ orders(limit: 500) { id clientOrderId } }',
      );
      const byClientId = new Map(stored.data!.orders.map((order) => [order.clientOrderId, order.id]));
      for (const [clientOrderId, id] of acked) expect(byClientId.get(clientOrderId), clientOrderId).toBe(id);
      // Replaying every request is safe: acknowledged ones return the same order, none is duplicated.
      for (const clientOrderId of sent.slice(0, 200)) {
        const n = Number(clientOrderId.slice('crash-'.length));
        const replay = await gql<{ placeOrder: { id: string } }>(second.address, PLACE, {
          input: { ...orderInput(n), clientOrderId },
        });
        if (acked.has(clientOrderId)) expect(replay.data?.placeOrder.id).toBe(acked.get(clientOrderId));
      }
    } finally {
      expect(await second.kill('SIGTERM')).toBe(0);
    }

    // The ledger: cash and positions recomputed from the trades equal the stored balances.
    const handle = await createDatabase(loadConfig({ DATA_DIR: dataDir }), console);
    try {
      const db = handle.db;
      const [account] = await db.select().from(paperAccounts);
      const allTrades = await db.select().from(trades).where(eq(trades.userId, account!.userId));
      let cash = STARTING_CASH_CENTS;
      const shares = new Map<string, number>();
      for (const trade of allTrades) {
        const value = Math.round(trade.quantity * trade.priceCents);
        cash += trade.side === 'BUY' ? -(value + trade.commissionCents) : value - trade.commissionCents;
        shares.set(trade.symbol, (shares.get(trade.symbol) ?? 0) + (trade.side === 'BUY' ? 1 : -1) * trade.quantity);
      }
      expect(allTrades.length).toBeGreaterThan(0);
      // (Whether a resting limit order also filled on a later tick depends on the random walk; the market
      // orders fill inside placeOrder, so the SIGKILL always lands among fills.)
      expect(account!.cashCents).toBe(cash);
      const held = await db.select().from(positions).where(eq(positions.userId, account!.userId));
      expect(Object.fromEntries(held.filter((p) => p.quantity > 0).map((p) => [p.symbol, p.quantity]))).toEqual(
        Object.fromEntries([...shares].filter(([, quantity]) => quantity > 0)),
      );
      for (const order of await db.select().from(orders)) {
        const filled = allTrades.filter((t) => t.orderId === order.id).reduce((sum, t) => sum + t.quantity, 0);
        expect(order.filledQuantity).toBe(filled);
      }
    } finally {
      await handle.close();
    }
  }, 240_000);
});
