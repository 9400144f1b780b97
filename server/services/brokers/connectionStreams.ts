/**
 * The leader's streams of one provider's live connections (issue 14 point 7): one stream per usable live connection
 * (./liveConnections.ts), opened by the provider's `open` (Alpaca: ./alpaca/liveStreams.ts, Tradier:
 * ./tradier/liveStreams.ts), which publishes the connection's order updates and fills.
 *
 * Rules:
 * - Singleton work: `start()` opens the streams, `stop()` closes them. The connections are read again every
 *   `refreshMs` and on `refresh()` (a connection made, verified or removed here): new ones are opened, removed or
 *   no longer usable ones closed, and one whose credentials changed (updated_at) opened again.
 * - A stream that cannot be opened is logged (without credentials) and tried again at the next reading.
 * - Never two readings at once.
 */
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import type { BrokerOrderNotes } from './brokerOrders';
import type { ConnectionRow } from './connectionRows';
import { usableLiveConnections } from './liveConnections';

/** How often the leader reads the live connections again (those changed through another process). */
export const LIVE_STREAMS_REFRESH_MS = 5_000;

/** What each provider's streams are built with (./alpaca/liveStreams.ts, ./tradier/liveStreams.ts). */
export interface ProviderStreamsDeps {
  db: Database;
  events: EventBus;
  /** The provider's broker_orders notes (strategy and reason put back on each update). */
  notes: BrokerOrderNotes;
  log: Pick<Logger, 'warn' | 'error'>;
  /** The provider's live API host. */
  liveUrl: string;
  fetch?: typeof fetch;
  refreshMs: number;
  reconnectMs?: number;
}

export interface ConnectionStream {
  state(): string;
  close(): void;
}

export interface ConnectionStreamsDeps {
  db: Database;
  provider: string;
  /** e.g. 'live trade_updates stream' (log lines). */
  label: string;
  log: Pick<Logger, 'warn' | 'error'>;
  refreshMs: number;
  open(row: ConnectionRow): ConnectionStream | Promise<ConnectionStream>;
}

export function watchConnectionStreams(deps: ConnectionStreamsDeps) {
  const { db, log } = deps;
  const open = new Map<string, { version: number; stream: ConnectionStream }>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let reconciling: Promise<void> = Promise.resolve();

  async function reconcile(): Promise<void> {
    const rows = running ? await usableLiveConnections(db, deps.provider) : [];
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
        const stream = await deps.open(row);
        // Stopped meanwhile: not kept.
        if (running) open.set(row.id, { version: row.updatedAt.getTime(), stream });
        else stream.close();
      } catch (error) {
        log.warn({ connectionId: row.id, reason: (error as Error).message }, `${deps.label} not opened`);
      }
    }
  }

  /** Runs one reconciliation after the one under way (never two at once). */
  function refresh(): Promise<void> {
    reconciling = reconciling
      .then(reconcile)
      .catch((error: unknown) => log.error({ err: error }, `${deps.label}s not refreshed`));
    return reconciling;
  }

  return {
    refresh,
    /** Connection ids with an open stream, and its state (tests). */
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

export type ConnectionStreams = ReturnType<typeof watchConnectionStreams>;
