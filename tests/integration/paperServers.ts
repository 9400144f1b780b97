/**
 * The paper broker over HTTP on real server processes (./serverProcess.ts), shared by the crash and two-server
 * suites: a server in single-user mode whose simulated market never closes, GraphQL with the single-user token, the
 * stream of orders the crash tests send while a server is killed, and what must hold once the servers are down.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../server/db/client';
import { orders, paperAccounts, trades } from '../../server/db/schema';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { expectLedgerReconciles } from './engineReconcile';
import type { GraphQLResponse } from './helpers';
import { startTsxServer } from './serverProcess';

export const CRASH_SYMBOLS = ['T', 'INTC', 'PFE', 'CMCSA', 'VZ', 'BAC', 'KO', 'WFC'] as const;

export interface PaperServer {
  address: string;
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** server/main.ts in single-user mode, the market always open, no order rate limit; `env` on top. */
export async function startPaperServer(env: Record<string, string>): Promise<PaperServer> {
  const server = await startTsxServer({
    AUTH_MODE: 'single',
    MARKET_HOURS: 'always',
    ORDERS_PER_MINUTE: '1000000',
    ...env,
  });
  return {
    address: server.address,
    kill: (signal) => {
      server.child.kill(signal);
      return server.exited;
    },
  };
}

export async function gql<T>(
  address: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResponse<T>> {
  const response = await fetch(`${address}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SINGLE_USER_TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}

export const PLACE_ORDER = `mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id clientOrderId status } }`;

export type PlaceOrderResult = GraphQLResponse<{ placeOrder: { id: string; clientOrderId: string; status: string } }>;

export const placeOrder = (address: string, input: Record<string, unknown>): Promise<PlaceOrderResult> =>
  gql(address, PLACE_ORDER, { input });

/** Sets the single user's risk tolerance to aggressive (a $2,000 maximum position instead of $1,000). */
export async function tradeAggressively(address: string): Promise<void> {
  const answer = await gql(address, 'mutation { updatePreferences(input: { riskTolerance: aggressive }) { id } }');
  expect(answer.errors).toBeUndefined();
}

/** Each symbol's current bid as the server at `address` quotes it. */
export async function quotedBids(address: string, symbols: readonly string[]): Promise<Map<string, number>> {
  const quotes = await gql<{ marketDataBatch: { symbol: string; bid: number }[] }>(
    address,
    'query Q($symbols: [String!]!) { marketDataBatch(symbols: $symbols) { symbol bid } }',
    { symbols },
  );
  return new Map(quotes.data!.marketDataBatch.map((quote) => [quote.symbol, quote.bid]));
}

/**
 * Order `n` of a crash test: market buys and sells of a few shares, and every fourth a resting limit buy at the bid
 * of `bids` (filled, or not, by a later quote tick, depending on the random walk).
 */
export function crashOrderInput(n: number, bids: ReadonlyMap<string, number>): Record<string, unknown> {
  const symbol = CRASH_SYMBOLS[n % CRASH_SYMBOLS.length]!;
  if (n % 4 === 3)
    return { symbol, side: 'BUY', type: 'LIMIT', price: bids.get(symbol), quantity: 1, timeInForce: 'GTC' };
  return { symbol, side: n % 3 === 2 ? 'SELL' : 'BUY', type: 'MARKET', quantity: 1 + (n % 2) };
}

export const crashClientOrderId = (n: number) => `crash-${n}`;

export interface OrderStream {
  /** clientOrderId → order id of every order a server answered with its order. */
  acknowledged: Map<string, string>;
  /** The order numbers sent, in the order they were sent. */
  sent: number[];
  /** How many answers refused an order, by error code ('failed': no answer, the server was gone). */
  refused: Map<string, number>;
  /** Stops sending new orders; resolves once the requests under way are answered or failed. */
  stop(): Promise<void>;
}

/**
 * Places orders `crash-0`, `crash-1`, … from `workers` concurrent senders until stopped, order n through the server
 * `route(n)` answers for (none: the sender waits a little and takes the next number). A request that fails (the
 * server is gone) or is refused is not acknowledged.
 */
export function sendOrders(
  route: (n: number) => string | undefined,
  input: (n: number) => Record<string, unknown>,
  workers = 6,
): OrderStream {
  const acknowledged = new Map<string, string>();
  const sent: number[] = [];
  const refused = new Map<string, number>();
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const n = next++;
      const address = route(n);
      if (!address) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      sent.push(n);
      const clientOrderId = crashClientOrderId(n);
      const result = await placeOrder(address, { ...input(n), clientOrderId }).catch(() => undefined);
      if (result?.data?.placeOrder) acknowledged.set(clientOrderId, result.data.placeOrder.id);
      else {
        const code = result ? (result.errors?.[0]?.extensions?.code ?? 'unknown') : 'failed';
        refused.set(code, (refused.get(code) ?? 0) + 1);
      }
    }
  };
  const running = Array.from({ length: workers }, worker);
  return {
    acknowledged,
    sent,
    refused,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** Resolves once `count()` reaches `target` (checked every 20 ms). */
export async function waitUntil(count: () => number, target: number): Promise<void> {
  while (count() < target) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Places the first `limit` sent orders again under their client order ids, order i through `route(i)`: an
 * acknowledged one returns the same order (nothing is duplicated).
 */
export async function replaySent(
  stream: Pick<OrderStream, 'acknowledged' | 'sent'>,
  input: (n: number) => Record<string, unknown>,
  route: (i: number) => string,
  limit = 200,
): Promise<void> {
  for (const [i, n] of stream.sent.slice(0, limit).entries()) {
    const clientOrderId = crashClientOrderId(n);
    const replay = await placeOrder(route(i), { ...input(n), clientOrderId });
    const acknowledged = stream.acknowledged.get(clientOrderId);
    if (acknowledged) expect(replay.data?.placeOrder.id, clientOrderId).toBe(acknowledged);
  }
}

/**
 * With the servers down: every acknowledged order is stored under its client order id, no client order id twice,
 * and the single user's cash and positions equal the ledger of its trades (./engineReconcile.ts).
 */
export async function expectCrashSafe(
  db: Database,
  acknowledged: ReadonlyMap<string, string>,
  startingCashCents: number,
): Promise<{ trades: number; orders: number }> {
  const accounts = await db.select().from(paperAccounts);
  expect(accounts).toHaveLength(1);
  const userId = accounts[0]!.userId;
  const stored = await db.select().from(orders).where(eq(orders.userId, userId));
  const byClientId = new Map(stored.map((order) => [order.clientOrderId, order.id]));
  expect(byClientId.size).toBe(stored.length);
  for (const [clientOrderId, id] of acknowledged) expect(byClientId.get(clientOrderId), clientOrderId).toBe(id);
  const fills = await db.select().from(trades).where(eq(trades.userId, userId));
  expect(fills.length).toBeGreaterThan(0);
  await expectLedgerReconciles(db, userId, startingCashCents);
  return { trades: fills.length, orders: stored.length };
}
