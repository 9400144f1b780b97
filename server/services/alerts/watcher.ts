import type { MarketDataProvider } from '../market';

/** An alert that has just fired (as the alerts service reports it). */
export interface FiredAlert {
  id: string;
  userId: string;
  symbol: string;
  condition: string;
  triggerPrice: number;
  currentPrice: number | null;
  message: string;
}

/** What the watcher needs from the price-alerts service and the notification channels. */
export interface AlertWatcherPorts {
  /** Symbols with at least one active alert (any user), upper-case. */
  activeSymbols(): Promise<readonly string[]>;
  /**
   * Fires the active alerts of `symbol` that `price` crosses at `at` (marks them triggered, publishes
   * alertTriggered) and returns them.
   */
  evaluate(symbol: string, price: number, at: Date): Promise<readonly FiredAlert[]>;
  /** Sends a fired alert through the user's enabled channels (e-mail, …); failures are logged, not retried. */
  notify?(alert: FiredAlert): Promise<void>;
}

export interface AlertWatcher {
  /** Reloads the symbols with active alerts and (re)subscribes to exactly those; call after alert changes. */
  refresh(): Promise<void>;
  /** Symbols currently watched. */
  watched(): string[];
  /** Resolves when no evaluation is running or queued (tests). */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * Evaluates price alerts on every tick, cheaply: it subscribes to the provider only for the symbols that
 * have active alerts (an in-memory set reloaded by `refresh()` when alerts change, and after an alert
 * fires), and per symbol runs one evaluation at a time; quotes arriving meanwhile are coalesced into one
 * more evaluation at the newest price, so a burst of ticks never queues up database work.
 */
export function createAlertWatcher(
  provider: Pick<MarketDataProvider, 'subscribe'>,
  ports: AlertWatcherPorts,
  log: { error(object: unknown, message: string): void },
): AlertWatcher {
  let symbols: string[] = [];
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  /** Symbol → the newest price waiting for evaluation (undefined: none waiting) while one runs. */
  const running = new Map<string, { price: number; at: number } | undefined>();
  let idleWaiters: (() => void)[] = [];

  const settle = () => {
    if (running.size > 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const evaluateLoop = async (symbol: string, price: number, at: number) => {
    let next: { price: number; at: number } | undefined = { price, at };
    let fired = false;
    while (next && !stopped) {
      running.set(symbol, undefined);
      try {
        const alerts = await ports.evaluate(symbol, next.price, new Date(next.at));
        for (const alert of alerts) {
          fired = true;
          if (ports.notify)
            await ports.notify(alert).catch((error: unknown) => log.error({ err: error }, 'alert notification failed'));
        }
      } catch (error) {
        log.error({ err: error, symbol }, 'price alert evaluation failed');
      }
      next = running.get(symbol);
    }
    running.delete(symbol);
    // A fired alert is no longer active: its symbol may no longer need watching.
    if (fired && !stopped) await refresh().catch((error: unknown) => log.error({ err: error }, 'alert refresh failed'));
    settle();
  };

  const onQuote = (quote: { symbol: string; price: number; timestamp: number }) => {
    if (running.has(quote.symbol)) {
      running.set(quote.symbol, { price: quote.price, at: quote.timestamp });
      return;
    }
    void evaluateLoop(quote.symbol, quote.price, quote.timestamp);
  };

  async function refresh(): Promise<void> {
    if (stopped) return;
    const next = [...new Set((await ports.activeSymbols()).map((s) => s.toUpperCase()))].sort();
    if (next.length === symbols.length && next.every((s, i) => s === symbols[i])) return;
    unsubscribe?.();
    symbols = next;
    unsubscribe = symbols.length > 0 ? provider.subscribe(symbols, onQuote) : undefined;
  }

  return {
    refresh,
    watched: () => [...symbols],
    idle: () => (running.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = undefined;
      symbols = [];
      idleWaiters = [];
    },
  };
}
