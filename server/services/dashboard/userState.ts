import type { EventBus } from '../../events';

/** A user not asking for the overview this long (ms of the app clock) is no longer watched. */
export const WATCH_IDLE_MS = 10 * 60 * 1000;

interface Entry<T> {
  /** The market snapshot (its time) the state was read for. */
  tick: number;
  /** The user's change count when the read started. */
  generation: number;
  value: Promise<T>;
}

interface Watched<T> {
  generation: number;
  lastUsed: number;
  entry: Entry<T> | undefined;
  stop: () => void;
}

/**
 * The per-user part of the dashboard overview (portfolio, recent activity, trading status, unread opportunity
 * alerts), read once per market snapshot (the overview polls at the same pace for every user, and 50 tabs of one
 * user share one read) and dropped at once when the user's account changes: the broker publishes orderUpdated for
 * every order placed, filled (with its tradeExecuted), cancelled, rejected or expired (BrokerProvider's
 * contract), updatePreferences publishes preferencesUpdated, the opportunity service opportunityAlert for a new
 * alert and opportunitiesRead when alerts are marked read, and `forget` is called when the trading mode
 * changes. A read that a change overtook is never reused; a change made elsewhere (another process, by
 * hand) shows with the next snapshot. A user is watched (event subscriptions) while they ask for the
 * overview.
 */
export function createUserStateCache<T>(deps: {
  load: (userId: string) => Promise<T>;
  events: EventBus;
  now: () => number;
}) {
  const users = new Map<string, Watched<T>>();
  let lastSweep = Number.NEGATIVE_INFINITY;

  const changed = (watched: Watched<T>) => {
    watched.generation++;
    watched.entry = undefined;
  };

  const watch = (userId: string): Watched<T> => {
    const known = users.get(userId);
    if (known) return known;
    const iterators = (
      ['orderUpdated', 'tradeExecuted', 'preferencesUpdated', 'opportunityAlert', 'opportunitiesRead'] as const
    ).map((name) => deps.events.subscribe(name, userId)[Symbol.asyncIterator]());
    const watched: Watched<T> = {
      generation: 0,
      lastUsed: deps.now(),
      entry: undefined,
      stop: () => {
        for (const iterator of iterators) void iterator.return?.();
      },
    };
    for (const iterator of iterators) {
      void (async () => {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) changed(watched);
      })();
    }
    users.set(userId, watched);
    return watched;
  };

  const sweep = (at: number) => {
    if (at - lastSweep < WATCH_IDLE_MS && at >= lastSweep) return;
    lastSweep = at;
    for (const [userId, watched] of users) {
      if (at - watched.lastUsed >= WATCH_IDLE_MS || at < watched.lastUsed) {
        watched.stop();
        users.delete(userId);
      }
    }
  };

  return {
    /** The user's state for the snapshot of time `tick`. */
    get(userId: string, tick: number): Promise<T> {
      const at = deps.now();
      sweep(at);
      const watched = watch(userId);
      watched.lastUsed = at;
      const { entry } = watched;
      if (entry && entry.tick === tick && entry.generation === watched.generation) return entry.value;
      const value = deps.load(userId);
      const fresh: Entry<T> = { tick, generation: watched.generation, value };
      watched.entry = fresh;
      value.catch(() => {
        if (watched.entry === fresh) watched.entry = undefined;
      });
      return value;
    },
    /** The user's state changed in a way no event tells (the trading mode): the next read is fresh. */
    forget(userId: string): void {
      const watched = users.get(userId);
      if (watched) changed(watched);
    },
    /** Stops every subscription (the app closes). */
    close(): void {
      for (const watched of users.values()) watched.stop();
      users.clear();
    },
  };
}
