/** Shared arrangements of the paper broker's integration suites (orders*, portfolio*, engine* tests). */
import { and, eq, sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import type { Database, DatabaseDriver } from '../../server/db/client';
import { orders, paperAccounts, positions, trades } from '../../server/db/schema';
import { SimulatedMarket } from '../../server/services/market';
import type { Portfolio, Position } from '../../src/domain/trading/account';
import type { Order, Trade } from '../../src/domain/trading/orders';
import { rules, type StrategyDefinition } from '../../src/domain/strategies';
import { createTestApp, graphql, type GraphQLResponse, type TestApp } from './helpers';

/**
 * A strategy that enters when flat and exits when holding on every closed 1-minute bar (close > 0 always holds): one
 * order of `shares` per symbol and bar (the strategy runner suites).
 */
export const everyBarStrategy = (symbols: string[], shares = 2): StrategyDefinition => ({
  version: 1,
  symbols,
  interval: '1m',
  side: 'long',
  entry: rules.all(rules.greaterThan(rules.close, rules.constant(0))),
  exit: rules.all(rules.greaterThan(rules.close, rules.constant(0))),
  sizing: { kind: 'fixedShares', shares },
  stops: {},
});

/** Wednesday 2026-11-18 11:00 EST: a regular session is running. */
export const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');

export const ORDER_FIELDS = `id clientOrderId symbol side type quantity price stopPrice timeInForce status filledQuantity
  averageFillPrice timestamp updatedAt strategyId reason`;
export const TRADE_FIELDS = `id orderId symbol side quantity price timestamp strategyId brokerId status reason executionPrice
  commission tags`;
export const PORTFOLIO_FIELDS = `totalValue totalGainLoss totalGainLossPercent dayGainLoss dayGainLossPercent cash buyingPower
  marginUsed lastUpdated positions { symbol quantity averageCost currentPrice marketValue costBasis unrealizedPnL
  unrealizedPnLPercent realizedPnL dayPnL side }`;

/** The API's shapes are the domain's (src/domain/trading): the names the suites use for them. */
export type OrderData = Order;
export type TradeData = Trade;
export type PositionData = Position;
export type PortfolioData = Portfolio;

/** A test app on `driver` whose market is a SimulatedMarket ticked by hand, with a clock the test moves. */
export interface TradingTestApp extends TestApp {
  market: SimulatedMarket;
  /** The app's clock (epoch ms). */
  clock(): number;
  /** Moves the clock by `ms` and ticks the market; returns the new quotes. */
  tick(ms?: number): ReturnType<SimulatedMarket['tick']>;
  /** Sets the clock (no tick). */
  setClock(at: number): void;
}

export async function createTradingTestApp(
  driver: DatabaseDriver,
  options: {
    start?: number;
    alwaysOpen?: boolean;
    env?: Record<string, string>;
    seed?: string;
    /** Where the app's log lines go (with `env: { LOG_LEVEL }`). */
    logStream?: DestinationStream;
  } = {},
): Promise<TradingTestApp> {
  let clock = options.start ?? WEDNESDAY_1100;
  const market = new SimulatedMarket({
    seed: options.seed ?? 'orders-test',
    now: clock,
    alwaysOpen: options.alwaysOpen ?? true,
  });
  const testApp = await createTestApp(driver, {
    market,
    now: () => new Date(clock),
    env: options.env,
    logStream: options.logStream,
  });
  return {
    ...testApp,
    market,
    clock: () => clock,
    tick(ms = 1000) {
      clock += ms;
      return market.tick(clock);
    },
    setClock(at) {
      clock = at;
    },
  };
}

export const PLACE_ORDER = `mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { ${ORDER_FIELDS} } }`;

export async function placeOrder(
  app: TestApp['app'],
  input: Record<string, unknown>,
  token?: string | null,
): Promise<GraphQLResponse<{ placeOrder: OrderData }>> {
  return graphql<{ placeOrder: OrderData }>(app, PLACE_ORDER, { variables: { input }, token });
}

/** Places an order that must be accepted; returns it. */
export async function placed(app: TestApp['app'], input: Record<string, unknown>, token?: string): Promise<OrderData> {
  const result = await placeOrder(app, input, token);
  if (!result.data?.placeOrder) throw new Error(`order refused: ${JSON.stringify(result.errors)}`);
  return result.data.placeOrder;
}

export async function portfolioOf(app: TestApp['app'], token?: string): Promise<PortfolioData> {
  const result = await graphql<{ portfolio: PortfolioData }>(app, `{ portfolio { ${PORTFOLIO_FIELDS} } }`, { token });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.portfolio;
}

export async function orderById(app: TestApp['app'], id: string, token?: string): Promise<OrderData | null> {
  const result = await graphql<{ order: OrderData | null }>(
    app,
    `query O($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`,
    {
      variables: { id },
      token,
    },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.order;
}

export async function tradesOf(
  app: TestApp['app'],
  variables: { limit?: number; symbol?: string } = {},
  token?: string,
): Promise<TradeData[]> {
  const result = await graphql<{ trades: TradeData[] }>(
    app,
    `query T($limit: Int, $symbol: String) { trades(limit: $limit, symbol: $symbol) { ${TRADE_FIELDS} } }`,
    { variables, token },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.trades;
}

/** Everything the paper broker stores for a user: row counts and cash (to prove a refusal wrote nothing). */
export async function storedState(db: Database, userId: string) {
  const count = async (table: typeof orders | typeof trades | typeof positions | typeof paperAccounts) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.userId, userId));
    return row?.n ?? 0;
  };
  const [account] = await db
    .select({ cashCents: paperAccounts.cashCents })
    .from(paperAccounts)
    .where(eq(paperAccounts.userId, userId));
  const held = await db
    .select({ symbol: positions.symbol, quantity: positions.quantity, costCents: positions.costCents })
    .from(positions)
    .where(and(eq(positions.userId, userId)))
    .orderBy(positions.symbol);
  return {
    orders: await count(orders),
    trades: await count(trades),
    positions: held,
    accounts: await count(paperAccounts),
    cashCents: account?.cashCents ?? null,
  };
}

/** Dollars to integer cents (test arithmetic). */
export const cents = (dollars: number) => Math.round(dollars * 100);

/** One filled market order of AAPL and its fill, as the engine writes them, at `at` (epoch ms). */
export async function insertFilledOrder(
  db: Database,
  fill: {
    userId: string;
    side: 'BUY' | 'SELL';
    quantity: number;
    priceCents: number;
    at: number;
    commissionCents?: number;
    strategyId?: string;
  },
): Promise<void> {
  const { userId, side, quantity, priceCents, at, commissionCents = 0, strategyId } = fill;
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      symbol: 'AAPL',
      side,
      type: 'MARKET',
      timeInForce: 'DAY',
      status: 'FILLED',
      quantity,
      filledQuantity: quantity,
      reservePriceCents: priceCents,
      fillValueCents: quantity * priceCents,
      strategyId,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    })
    .returning();
  await db.insert(trades).values({
    userId,
    orderId: order!.id,
    symbol: 'AAPL',
    side,
    quantity,
    priceCents,
    commissionCents,
    strategyId,
    createdAt: new Date(at),
    quoteAt: at,
  });
}
