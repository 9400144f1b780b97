/**
 * The live broker over Alpaca's Trading API v2 (issue 14 point 7): a BrokerProvider whose every call goes to the
 * user's active live connection (../liveConnections.ts), its credentials opened for that call only (never logged).
 *
 * Rules:
 * - No usable live connection: live_trading_not_allowed (the router sends such a user to the paper broker).
 * - An order passes the same risk checks as a paper one (../liveRisk.ts) and the per-user ORDERS_PER_MINUTE before it
 *   is sent; Alpaca checks again.
 * - Every order is sent with a client order id (the caller's, else a new one) as Alpaca's client_order_id: placing
 *   again under the same one returns the first order (Alpaca refuses the duplicate with 422; the first is read back),
 *   and an order whose answer was lost on the way is looked up by it before the failure is reported.
 * - The strategy id and reason are kept in broker_orders (../brokerOrders.ts) and put back on every read.
 * - Trades are Alpaca's FILL account activities (the broker's record; nothing of them is stored here).
 * - Alpaca's refusals become the app's errors (./tradingErrors.ts: 403 buying power / shares, 422 invalid, 429 with
 *   its wait); Alpaca unreachable is broker_error.
 * - Placing and cancelling publish orderUpdated at once; the fills and later changes come from the trade_updates
 *   stream the leader keeps open (./liveStreams.ts). A portfolioUpdates subscriber gets the account read again on
 *   each orderUpdated of its user.
 */
import { randomUUID } from 'node:crypto';
import { isMarketOpen } from '../../../../src/domain/market/calendar';
import type { Portfolio, Position } from '../../../../src/domain/trading/account';
import type { BrokerInfo } from '../../../../src/domain/trading/broker';
import type { CancelAllResult, Order, OrderInput, Trade } from '../../../../src/domain/trading/orders';
import type { OrderStatus } from '../../../../src/domain/trading/orderTypes';
import { worksInExtendedHours } from '../../../../src/domain/trading/parameters';
import { PAGE_SIZE } from '../../../../src/domain/constants';
import type { SecretBox } from '../../secrets/sealing';
import { orderError } from '../../trading/engineContext';
import { isUuid, parseOrderInput } from '../../trading/ordersInput';
import { MAX_PAGE, pageSize } from '../../trading/ordersQueries';
import { createBrokerOrderNotes } from '../brokerOrders';
import { connectionBroker, openAuth, type ConnectionRow } from '../connectionRows';
import { ALPACA_CAPABILITIES } from '../capabilities';
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
import { activityTrade, toOrder, toOrderRequest, toPortfolio, toPosition } from './mapping';
import { AlpacaTradingError, toAppError } from './tradingErrors';
import { createAlpacaTradingRest, type AlpacaTradingRest } from './tradingRest';
import type { AlpacaOrder } from './wire';

export const ALPACA_PROVIDER = 'alpaca';

export interface AlpacaBrokerDeps extends LiveBrokerDeps {
  box: SecretBox;
}

/** An error of a call to Alpaca as the app's. */
export const brokerFailure = (error: unknown): unknown =>
  liveFailure(error, 'Alpaca', (cause) => (cause instanceof AlpacaTradingError ? toAppError(cause) : null));

const OPEN_AT_ALPACA = new Set<OrderStatus>(['OPEN', 'PARTIALLY_FILLED']);

export function createAlpacaBroker(deps: AlpacaBrokerDeps): BrokerProvider {
  const { db, box, events, market, now, log } = deps;
  const notes = createBrokerOrderNotes(db, ALPACA_PROVIDER);
  const isOpen = (at: Date) => market.isOpen?.(at.getTime()) ?? isMarketOpen(at.getTime());

  /** The user's live connection and a client for it (credentials opened for this call). */
  async function session(userId: string): Promise<{ row: ConnectionRow; rest: AlpacaTradingRest }> {
    const row = await activeLiveConnection(db, userId);
    if (!row || row.provider !== ALPACA_PROVIDER) throw orderError('live_trading_not_allowed');
    try {
      return {
        row,
        rest: createAlpacaTradingRest({ baseUrl: deps.liveUrl, auth: openAuth(box, row), fetch: deps.fetch }),
      };
    } catch (error) {
      throw brokerFailure(error);
    }
  }

  const ask = <T>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      throw brokerFailure(error);
    });

  async function withNotes(userId: string, list: readonly AlpacaOrder[]): Promise<Order[]> {
    const known = await notes.of(
      userId,
      list.map((order) => order.id),
    );
    return list.map((order) => toOrder(order, known.get(order.id)));
  }

  async function placeOrder(userId: string, input: OrderInput): Promise<Order> {
    const parsed = parseOrderInput(input);
    const { rest } = await session(userId);
    const [account, positions] = await ask(Promise.all([rest.account(), rest.positions()]));
    const verdict = await checkLiveOrder({ db, market, instruments: deps.instruments, isOpen, now }, userId, parsed, {
      buyingPower: Number(account.buying_power),
      equity: Number(account.equity),
      lastEquity: Number(account.last_equity),
      longMarketValue: Number(account.long_market_value),
      held: Number(positions.find((position) => position.symbol === parsed.symbol)?.qty ?? 0),
      fractional: true,
    });
    if (!verdict.ok) throw orderError(verdict.code, verdict.limit);
    await notes.admit(userId, deps.orderLimit);
    const clientOrderId = parsed.clientOrderId ?? randomUUID();
    const kept = { strategyId: parsed.strategyId, reason: parsed.reason };
    let placed: AlpacaOrder;
    try {
      placed = await rest.placeOrder(
        toOrderRequest(
          { ...parsed, clientOrderId },
          { extendedHours: worksInExtendedHours(verdict.preferredTradingHours, parsed) },
        ),
      );
    } catch (error) {
      // A replay of the client order id, or an answer lost on the way: the first order may be at Alpaca.
      const replay = error instanceof AlpacaTradingError && error.status === 422 && parsed.clientOrderId !== null;
      const lost = !(error instanceof AlpacaTradingError);
      const first = replay || lost ? await rest.orderByClientId(clientOrderId).catch(() => null) : null;
      if (!first) throw brokerFailure(error);
      // Kept now if its first placement could not keep it (a replay keeps the notes it was placed with).
      await notes.remember(userId, first.id, clientOrderId, kept);
      return (await withNotes(userId, [first]))[0]!;
    }
    await notes.remember(userId, placed.id, clientOrderId, kept);
    const order = toOrder(placed, kept);
    events.publish('orderUpdated', userId, order);
    return order;
  }

  const { cancelOrder, order } = liveOrderCalls({
    events,
    isOrderId: isUuid,
    orders: async (userId) => (await session(userId)).rest,
    isNotFound: (error) => error instanceof AlpacaTradingError && error.status === 404,
    ask,
    withNotes,
  });

  async function listOrders(userId: string, query: OrdersQuery = {}): Promise<Order[]> {
    const limit = pageSize(query.limit, PAGE_SIZE.orders);
    const { rest } = await session(userId);
    const filtered = query.status != null || query.strategyId != null;
    const status = query.status == null ? 'all' : OPEN_AT_ALPACA.has(query.status) ? 'open' : 'closed';
    const list = await ask(rest.orders({ status, limit: filtered ? MAX_PAGE : limit }));
    const ofStrategy = query.strategyId == null ? null : await notes.ofStrategy(userId, query.strategyId);
    const chosen = list.filter((order) => !ofStrategy || ofStrategy.has(order.id));
    const mapped = await withNotes(userId, chosen);
    return mapped.filter((order) => query.status == null || order.status === query.status).slice(0, limit);
  }

  async function portfolio(userId: string): Promise<Portfolio> {
    const { rest } = await session(userId);
    const [account, positions] = await ask(Promise.all([rest.account(), rest.positions()]));
    return toPortfolio(account, positions, now());
  }

  return {
    id: ALPACA_PROVIDER,
    name: 'Alpaca',
    environment: 'live',
    capabilities: ALPACA_CAPABILITIES,
    account: async (userId: string): Promise<BrokerInfo> => connectionBroker((await session(userId)).row),
    placeOrder,
    cancelOrder,
    cancelAllOrders: (userId, symbol, strategyId): Promise<CancelAllResult> =>
      cancelAllLive({ orders: listOrders, cancelOrder }, userId, symbol, strategyId),
    async closePosition(userId, symbol, percentage): Promise<Order> {
      const upper = symbol.trim().toUpperCase();
      const { rest } = await session(userId);
      const held = Number((await ask(rest.positions())).find((position) => position.symbol === upper)?.qty ?? 0);
      return placeOrder(userId, closePositionOrder(upper, held, percentage, false));
    },
    orders: listOrders,
    order,
    async trades(userId, query: TradesQuery = {}): Promise<Trade[]> {
      const limit = pageSize(query.limit, PAGE_SIZE.trades);
      const { row, rest } = await session(userId);
      const symbol = query.symbol?.trim().toUpperCase();
      const fills = (await ask(rest.fills(100))).filter((fill) => !symbol || fill.symbol === symbol).slice(0, limit);
      const known = await notes.of(
        userId,
        fills.map((fill) => fill.order_id),
      );
      return fills.map((fill) => activityTrade(fill, row.id, known.get(fill.order_id)));
    },
    portfolio,
    positions: async (userId): Promise<Position[]> => {
      const { rest } = await session(userId);
      return (await ask(rest.positions())).map(toPosition);
    },
    portfolioUpdates: (userId) => livePortfolioUpdates(events, log, userId, portfolio),
    // The streams are the leader's (./liveStreams.ts): nothing runs in the background here.
    start: async () => undefined,
    stop: async () => undefined,
    close: async () => undefined,
  };
}
