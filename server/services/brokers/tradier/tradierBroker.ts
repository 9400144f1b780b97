/**
 * The live broker over Tradier's brokerage API (issue 14 points 1 and 7): a BrokerProvider whose every call goes to
 * the user's active live Tradier connection (../liveConnections.ts), with its access token renewed first when it is
 * about to expire (../connectionAuth.ts), opened for that call only (never logged).
 *
 * Rules:
 * - No usable live Tradier connection: live_trading_not_allowed (the router sends such a user to the paper broker).
 * - An order passes the same risk checks as a paper one (../liveRisk.ts, whole shares only: Tradier takes no
 *   fractions) and the per-user ORDERS_PER_MINUTE before it is sent; Tradier checks again.
 * - Every order carries its client order id (the caller's, else a new one) as Tradier's `tag`. Tradier does not
 *   refuse a repeated tag, so an order placed again under a client order id of the caller's returns the first one
 *   (looked up by its tag first), and an order whose answer was lost on the way is looked up by it before the
 *   failure is reported (never sent twice).
 * - The strategy id and reason are kept in broker_orders (../brokerOrders.ts) and put back on every read.
 * - Trades are the executed part of Tradier's orders (./trades.ts: Tradier lists no executions by order).
 * - Tradier's refusals become the app's errors (./tradierErrors.ts: 400 buying power / shares / fields, 401, 404,
 *   429 with its wait); Tradier unreachable is broker_error.
 * - Placing and cancelling publish orderUpdated at once; fills and later changes come from the account events stream
 *   the leader keeps open (./liveStreams.ts).
 */
import { randomUUID } from 'node:crypto';
import { isMarketOpen } from '../../../../src/domain/market/calendar';
import type { Portfolio, Position } from '../../../../src/domain/trading/account';
import type { BrokerInfo } from '../../../../src/domain/trading/broker';
import type { Order, OrderInput, Trade } from '../../../../src/domain/trading/orders';
import { PAGE_SIZE } from '../../../../src/domain/constants';
import { orderError } from '../../trading/engineContext';
import { parseOrderInput } from '../../trading/ordersInput';
import { pageSize } from '../../trading/ordersQueries';
import { createBrokerOrderNotes } from '../brokerOrders';
import type { ConnectionAuth } from '../connectionAuth';
import { connectionBroker, type ConnectionRow } from '../connectionRows';
import {
  cancelAllLive,
  closePositionOrder,
  liveOrderCalls,
  liveFailure,
  livePortfolioUpdates,
  type LiveBrokerDeps,
} from '../liveBroker';
import { activeLiveConnection } from '../liveConnections';
import { checkLiveOrder } from '../liveRisk';
import type { BrokerProvider, OrdersQuery, TradesQuery } from '../provider';
import { toOrder, toOrderRequest, toPortfolio, tradierTag } from './mapping';
import { TradierError, toAppError } from './tradierErrors';
import { createTradierRest, type TradierAccountRest, type TradierRest } from './tradierRest';
import { orderTrade } from './trades';
import { TRADIER_CAPABILITIES, TRADIER_PROVIDER } from './verify';
import type { TradierOrder } from './wire';

export interface TradierBrokerDeps extends LiveBrokerDeps {
  credentials: ConnectionAuth;
}

/** An error of a call to Tradier as the app's. */
export const tradierFailure = (error: unknown): unknown =>
  liveFailure(error, 'Tradier', (cause) => (cause instanceof TradierError ? toAppError(cause) : null));

const ask = <T>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    throw tradierFailure(error);
  });

const isOrderId = (id: string) => /^\d{1,18}$/.test(id);

export function createTradierBroker(deps: TradierBrokerDeps): BrokerProvider {
  const { db, events, market, now, log } = deps;
  const notes = createBrokerOrderNotes(db, TRADIER_PROVIDER);
  const isOpen = (at: Date) => market.isOpen?.(at.getTime()) ?? isMarketOpen(at.getTime());

  /** The user's live Tradier connection and its account's calls (token renewed first when due). */
  async function session(userId: string): Promise<{ row: ConnectionRow; rest: TradierRest; acct: TradierAccountRest }> {
    const found = await activeLiveConnection(db, userId);
    if (!found || found.provider !== TRADIER_PROVIDER) throw orderError('live_trading_not_allowed');
    const { row, auth } = await ask(deps.credentials.fresh(found));
    const accessToken = auth.kind === 'oauth' ? auth.accessToken : auth.keyId;
    const rest = createTradierRest({ baseUrl: deps.liveUrl, accessToken, fetch: deps.fetch });
    return { row, rest, acct: rest.account(row.accountId) };
  }

  async function withNotes(userId: string, list: readonly TradierOrder[]): Promise<Order[]> {
    const known = await notes.of(
      userId,
      list.map((order) => String(order.id)),
    );
    return list.map((order) => toOrder(order, known.get(String(order.id))));
  }

  /** Balances, positions and their quotes, as the portfolio and the risk checks read them. */
  async function holdings(rest: TradierRest, acct: TradierAccountRest) {
    const [balances, positions] = await ask(Promise.all([acct.balances(), acct.positions()]));
    const quotes = await ask(rest.quotes(positions.map((position) => position.symbol)));
    return { balances, positions, portfolio: toPortfolio(balances, positions, quotes, now()) };
  }

  async function placeOrder(userId: string, input: OrderInput): Promise<Order> {
    const parsed = parseOrderInput(input);
    const { rest, acct } = await session(userId);
    const clientOrderId = parsed.clientOrderId ?? randomUUID();
    const tag = tradierTag(clientOrderId);
    if (parsed.clientOrderId !== null) {
      const first = await ask(acct.orderByTag(tag));
      if (first) return (await withNotes(userId, [first]))[0]!;
    }
    const { positions, portfolio } = await holdings(rest, acct);
    const verdict = await checkLiveOrder({ db, market, instruments: deps.instruments, isOpen, now }, userId, parsed, {
      buyingPower: portfolio.buyingPower,
      equity: portfolio.totalValue,
      lastEquity: portfolio.totalValue - portfolio.dayGainLoss,
      longMarketValue: portfolio.positions.reduce((sum, position) => sum + Math.max(0, position.marketValue), 0),
      held: positions.find((position) => position.symbol === parsed.symbol)?.quantity ?? 0,
      fractional: false,
    });
    if (!verdict.ok) throw orderError(verdict.code, verdict.limit);
    await notes.admit(userId, deps.orderLimit);
    const kept = { strategyId: parsed.strategyId, reason: parsed.reason };
    let id: string;
    try {
      id = String((await acct.placeOrder(toOrderRequest({ ...parsed, clientOrderId }))).id);
    } catch (error) {
      // An answer lost on the way: the order may be at Tradier; looked up by its tag, never sent again.
      const first = error instanceof TradierError ? null : await acct.orderByTag(tag).catch(() => null);
      if (!first) throw tradierFailure(error);
      id = String(first.id);
    }
    await notes.remember(userId, id, clientOrderId, kept);
    const order = toOrder(await ask(acct.order(id)), { clientOrderId, ...kept });
    events.publish('orderUpdated', userId, order);
    return order;
  }

  const { cancelOrder, order } = liveOrderCalls({
    events,
    isOrderId,
    orders: async (userId) => (await session(userId)).acct,
    isNotFound: (error) => error instanceof TradierError && error.status === 404,
    ask,
    withNotes,
  });

  async function listOrders(userId: string, query: OrdersQuery = {}): Promise<Order[]> {
    const limit = pageSize(query.limit, PAGE_SIZE.orders);
    const { acct } = await session(userId);
    const list = await ask(acct.orders());
    const ofStrategy = query.strategyId == null ? null : await notes.ofStrategy(userId, query.strategyId);
    const mapped = await withNotes(
      userId,
      list.filter((order) => !ofStrategy || ofStrategy.has(String(order.id))),
    );
    return mapped.filter((order) => query.status == null || order.status === query.status).slice(0, limit);
  }

  async function portfolio(userId: string): Promise<Portfolio> {
    const { rest, acct } = await session(userId);
    return (await holdings(rest, acct)).portfolio;
  }

  return {
    id: TRADIER_PROVIDER,
    name: 'Tradier',
    environment: 'live',
    capabilities: TRADIER_CAPABILITIES,
    account: async (userId: string): Promise<BrokerInfo> => connectionBroker((await session(userId)).row),
    placeOrder,
    cancelOrder,
    cancelAllOrders: (userId, symbol, strategyId) =>
      cancelAllLive({ orders: listOrders, cancelOrder }, userId, symbol, strategyId),
    async closePosition(userId, symbol, percentage): Promise<Order> {
      const upper = symbol.trim().toUpperCase();
      const { acct } = await session(userId);
      const held = (await ask(acct.positions())).find((position) => position.symbol === upper)?.quantity ?? 0;
      return placeOrder(userId, closePositionOrder(upper, held, percentage, true));
    },
    orders: listOrders,
    order,
    async trades(userId, query: TradesQuery = {}): Promise<Trade[]> {
      const limit = pageSize(query.limit, PAGE_SIZE.trades);
      const { row, acct } = await session(userId);
      const symbol = query.symbol?.trim().toUpperCase();
      const filled = (await ask(acct.orders())).filter(
        (order) => order.exec_quantity > 0 && (!symbol || order.symbol === symbol),
      );
      const known = await notes.of(
        userId,
        filled.map((order) => String(order.id)),
      );
      return filled
        .slice(0, limit)
        .map((order) => orderTrade(order, row.id, known.get(String(order.id))))
        .filter((trade): trade is Trade => trade !== null);
    },
    portfolio,
    positions: async (userId): Promise<Position[]> => (await portfolio(userId)).positions,
    portfolioUpdates: (userId) => livePortfolioUpdates(events, log, userId, portfolio),
    // The streams are the leader's (./liveStreams.ts): nothing runs in the background here.
    start: async () => undefined,
    stop: async () => undefined,
    close: async () => undefined,
  };
}
