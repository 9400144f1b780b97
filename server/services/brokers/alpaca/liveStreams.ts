/**
 * The leader's trade_updates streams (issue 14 point 7): one per usable live Alpaca connection, watched by
 * ../connectionStreams.ts (opened, closed, opened again when the credentials change), each event published on the
 * event bus for the connection's user, so the orderUpdates and tradeExecutions subscriptions (any process) deliver
 * live fills, and portfolioUpdates reads the account again.
 *
 * Rules:
 * - Every event publishes orderUpdated with the order as it is now; `fill` and `partial_fill` also tradeExecuted
 *   (the Trade's brokerId is the connection's id, as the trades query gives it).
 * - After a reconnection the orders of the last page are published again (what changed meanwhile is not lost).
 * - Credentials refused by the stream are logged (without them) and that stream stays closed until the connection
 *   changes.
 */
import type { SecretBox } from '../../secrets/sealing';
import { openAuth, type ConnectionRow } from '../connectionRows';
import { watchConnectionStreams, type ProviderStreamsDeps } from '../connectionStreams';
import { ALPACA_PROVIDER } from './alpacaBroker';
import { toOrder, updateTrade } from './mapping';
import { openTradeUpdates, type TradeUpdatesStream } from './tradeUpdates';
import { createAlpacaTradingRest } from './tradingRest';
import type { AlpacaOrder, AlpacaTradeUpdate } from './wire';

export { LIVE_STREAMS_REFRESH_MS } from '../connectionStreams';

/** `liveUrl`: Alpaca's live trading host; the stream is its /stream over ws(s). */
export interface LiveStreamsDeps extends ProviderStreamsDeps {
  box: SecretBox;
}

/** wss://api.alpaca.markets/stream for https://api.alpaca.markets. */
export function streamUrlOf(baseUrl: string): string {
  const url = new URL('/stream', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function createLiveStreams(deps: LiveStreamsDeps) {
  const { db, box, events, notes, log } = deps;

  async function publishOrders(row: ConnectionRow, orders: readonly AlpacaOrder[], update?: AlpacaTradeUpdate) {
    const known = await notes.of(
      row.userId,
      orders.map((order) => order.id),
    );
    for (const order of orders) events.publish('orderUpdated', row.userId, toOrder(order, known.get(order.id)));
    const trade = update && updateTrade(update, row.id, known.get(update.order.id));
    if (trade) events.publish('tradeExecuted', row.userId, trade);
  }

  function openStream(row: ConnectionRow): TradeUpdatesStream {
    const auth = openAuth(box, row);
    const failed = (error: unknown) =>
      log.error({ err: error, connectionId: row.id }, 'live order update not published');
    return openTradeUpdates({
      url: streamUrlOf(deps.liveUrl),
      auth,
      reconnectMs: deps.reconnectMs,
      onUpdate: (update) => void publishOrders(row, [update.order], update).catch(failed),
      onError: (error) => log.warn({ connectionId: row.id, reason: error.message }, 'live trade_updates stream'),
      onReconnect: () =>
        void createAlpacaTradingRest({ baseUrl: deps.liveUrl, auth, fetch: deps.fetch })
          .orders({ status: 'all', limit: 50 })
          .then((orders) => publishOrders(row, orders))
          .catch(failed),
    });
  }

  return watchConnectionStreams({
    db,
    provider: ALPACA_PROVIDER,
    label: 'live trade_updates stream',
    log,
    refreshMs: deps.refreshMs,
    open: openStream,
  });
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
