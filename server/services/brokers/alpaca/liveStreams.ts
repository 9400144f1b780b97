/**
 * The leader's trade_updates streams (issue 14 point 7): one per usable live Alpaca connection (../liveConnections.ts),
 * each event published on the event bus for the connection's user, so the orderUpdates and tradeExecutions
 * subscriptions (any process) deliver live fills, and portfolioUpdates reads the account again.
 *
 * Rules:
 * - Singleton work: `start()` opens the streams, `stop()` closes them. The connections are read again every
 *   `refreshMs` and on `refresh()` (a connection made, verified or removed here): new ones are opened, removed or
 *   no longer usable ones closed, and one whose credentials changed (updated_at) opened again.
 * - Every event publishes orderUpdated with the order as it is now; `fill` and `partial_fill` also tradeExecuted
 *   (the Trade's brokerId is the connection's id, as the trades query gives it).
 * - After a reconnection the orders of the last page are published again (what changed meanwhile is not lost).
 * - Credentials refused by the stream are logged (without them) and that stream stays closed until the connection
 *   changes.
 */
import type { Logger } from 'pino';
import type { Database } from '../../../db/client';
import type { EventBus } from '../../../events';
import type { SecretBox } from '../../secrets/sealing';
import type { BrokerOrderNotes } from '../brokerOrders';
import { openAuth, type ConnectionRow } from '../connectionRows';
import { usableLiveConnections } from '../liveConnections';
import { ALPACA_PROVIDER } from './alpacaBroker';
import { toOrder, updateTrade } from './mapping';
import { openTradeUpdates, type TradeUpdatesStream } from './tradeUpdates';
import { createAlpacaTradingRest } from './tradingRest';
import type { AlpacaOrder, AlpacaTradeUpdate } from './wire';

/** How often the leader reads the live connections again (those changed through another process). */
export const LIVE_STREAMS_REFRESH_MS = 5_000;

export interface LiveStreamsDeps {
  db: Database;
  box: SecretBox;
  events: EventBus;
  notes: BrokerOrderNotes;
  log: Pick<Logger, 'warn' | 'error'>;
  /** Alpaca's live trading host; the stream is its /stream over ws(s). */
  liveUrl: string;
  fetch?: typeof fetch;
  refreshMs: number;
  reconnectMs?: number;
}

/** wss://api.alpaca.markets/stream for https://api.alpaca.markets. */
export function streamUrlOf(baseUrl: string): string {
  const url = new URL('/stream', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function createLiveStreams(deps: LiveStreamsDeps) {
  const { db, box, events, notes, log } = deps;
  const open = new Map<string, { version: number; stream: TradeUpdatesStream }>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let reconciling: Promise<void> = Promise.resolve();

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

  async function reconcile(): Promise<void> {
    const rows = running ? await usableLiveConnections(db, ALPACA_PROVIDER) : [];
    const wanted = new Map(rows.map((row) => [row.id, row]));
    for (const [id, current] of open) {
      const row = wanted.get(id);
      if (row && row.updatedAt.getTime() === current.version) continue;
      current.stream.close();
      open.delete(id);
    }
    for (const row of rows) {
      if (open.has(row.id)) continue;
      try {
        open.set(row.id, { version: row.updatedAt.getTime(), stream: openStream(row) });
      } catch (error) {
        log.warn({ connectionId: row.id, reason: (error as Error).message }, 'live trade_updates stream not opened');
      }
    }
  }

  /** Runs one reconciliation after the one under way (never two at once). */
  function refresh(): Promise<void> {
    reconciling = reconciling
      .then(reconcile)
      .catch((error: unknown) => log.error({ err: error }, 'live streams not refreshed'));
    return reconciling;
  }

  return {
    refresh,
    /** Connection ids with an open stream, and whether each listens (tests). */
    states: () => new Map([...open].map(([id, { stream }]) => [id, stream.state()])),
    async start(): Promise<void> {
      if (running) return;
      running = true;
      timer = setInterval(() => void refresh(), deps.refreshMs);
      timer.unref();
      await refresh();
    },
    async stop(): Promise<void> {
      running = false;
      clearInterval(timer);
      await refresh();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
