import type { Logger } from 'pino';
import { createAlertWatcher, type AlertWatcher, type FiredAlert } from './watcher';
import type { MarketDataProvider } from '../market';
import { createAlertService, type AlertDependencies } from './service';

export interface WatchedAlertDependencies extends Omit<AlertDependencies, 'onChange'> {
  market: Pick<MarketDataProvider, 'subscribe'>;
  /** Sends a fired alert through the user's other channels (e-mail); the in-app push is alertTriggered. */
  notify?: (alert: FiredAlert) => Promise<void>;
  log: Pick<Logger, 'error'>;
}

/**
 * The alerts service with its watcher: quotes of the symbols with active alerts are evaluated as they
 * arrive (fired alerts are published and notified), and every alert write refreshes the watched symbols.
 * `start()` loads the symbols (the app calls it while this process is the leader), `stop()` unsubscribes.
 */
export function createWatchedAlertService({ market, notify, log, ...dependencies }: WatchedAlertDependencies) {
  let watcher: AlertWatcher | undefined;
  const refresh = () => watcher?.refresh().catch((error: unknown) => log.error({ err: error }, 'alert refresh failed'));
  const alerts = createAlertService({ ...dependencies, onChange: () => void refresh() });
  const createWatcher = () =>
    createAlertWatcher(
      market,
      { activeSymbols: () => alerts.activeSymbols(), evaluate: (...args) => alerts.evaluate(...args), notify },
      log,
    );
  return {
    ...alerts,
    /** Loads the watched symbols and evaluates from then on; after `stop()` it may start again (leader change). */
    async start() {
      if (watcher) return;
      const started = createWatcher();
      watcher = started;
      await started.refresh();
    },
    stop() {
      watcher?.stop();
      watcher = undefined;
    },
    /**
     * Reloads the watched symbols: alerts written by this process refresh them at once, those written through
     * another server process sharing the database when the leader calls this (server/app.ts, on PostgreSQL).
     */
    refreshWatched: async () => {
      await refresh();
    },
    /** Resolves when no evaluation runs (tests). */
    idle: () => watcher?.idle() ?? Promise.resolve(),
  };
}
