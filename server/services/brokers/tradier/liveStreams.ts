/**
 * The leader's Tradier account event streams (issue 14 point 7): one per usable live Tradier connection, watched by
 * ../connectionStreams.ts, each order event published on the event bus for the connection's user (orderUpdates,
 * tradeExecutions in any process; portfolioUpdates reads the account again).
 *
 * Rules:
 * - The stream is ./accountEvents.ts (live accounts; the sandbox has none, and live mode trades live accounts only).
 *   Its session and the order reads use the connection's access token, renewed first when due
 *   (../connectionAuth.ts).
 * - An event names no symbol or side: the order is read from Tradier, then published as orderUpdated; an event with
 *   a fill also publishes tradeExecuted (./trades.ts: one Trade per fill, its brokerId the connection's id, as the
 *   trades query gives it; the strategy and reason from broker_orders).
 * - After a reconnection the account's orders are published again (what changed meanwhile is not lost).
 * - A refused token is logged (without it) and that stream stays closed until the connection changes.
 */
import type { ConnectionAuth } from '../connectionAuth';
import type { ConnectionRow } from '../connectionRows';
import { watchConnectionStreams, type ProviderStreamsDeps } from '../connectionStreams';
import { openAccountEvents } from './accountEvents';
import { toOrder, type TradierOrderUpdate } from './mapping';
import { createTradierRest } from './tradierRest';
import { updateTrade } from './trades';
import { TRADIER_PROVIDER } from './verify';
import type { TradierOrder } from './wire';

/** `liveUrl`: TRADIER_LIVE_URL. */
export interface TradierStreamsDeps extends ProviderStreamsDeps {
  credentials: ConnectionAuth;
}

export function createTradierStreams(deps: TradierStreamsDeps) {
  const { db, events, notes, log } = deps;

  async function open(row: ConnectionRow) {
    let current = row;
    /** The REST client with the connection's token (renewed first when due). */
    const rest = async () => {
      const fresh = await deps.credentials.fresh(current);
      current = fresh.row;
      const accessToken = fresh.auth.kind === 'oauth' ? fresh.auth.accessToken : fresh.auth.keyId;
      return createTradierRest({ baseUrl: deps.liveUrl, accessToken, fetch: deps.fetch });
    };
    // The token renewed first when due, before the stream opens.
    await rest();
    const failed = (error: unknown) =>
      log.error({ err: error, connectionId: row.id }, 'live order update not published');

    async function publish(orders: readonly TradierOrder[], update?: TradierOrderUpdate) {
      const known = await notes.of(
        row.userId,
        orders.map((order) => String(order.id)),
      );
      for (const order of orders)
        events.publish('orderUpdated', row.userId, toOrder(order, known.get(String(order.id))));
      const order = orders[0];
      const trade = update && order && updateTrade(update, order, row.id, known.get(update.orderId));
      if (trade) events.publish('tradeExecuted', row.userId, trade);
    }

    return openAccountEvents({
      rest: { eventsSession: async () => (await rest()).eventsSession() },
      accountNumber: row.accountId,
      reconnectMs: deps.reconnectMs,
      onUpdate: (update) =>
        void rest()
          .then((client) => client.account(row.accountId).order(update.orderId))
          .then((order) => publish([order], update))
          .catch(failed),
      onError: (error) => log.warn({ connectionId: row.id, reason: error.message }, 'live account events stream'),
      onReconnect: () =>
        void rest()
          .then((client) => client.account(row.accountId).orders())
          .then((orders) => publish(orders))
          .catch(failed),
    });
  }

  return watchConnectionStreams({
    db,
    provider: TRADIER_PROVIDER,
    label: 'live account events stream',
    log,
    refreshMs: deps.refreshMs,
    open,
  });
}
