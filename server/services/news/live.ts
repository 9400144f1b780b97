import type { EventBus, NewsNotice } from '../../events';
import { NEWS_CATEGORIES, type NewsProvider, type RawNewsItem } from './provider';

/**
 * Live news (issue 16 point 1): the providers that stream (`subscribe`: Alpaca's news WebSocket, or the simulated market's stories of each
 * session as it completes) are
 * subscribed to by the leader only (`leaderWork`, run by runWhileLeader: one stream per key), which publishes each
 * new story on the event bus as `newsItem`. Every process (the leader included: with REDIS_URL the story comes
 * back through Redis) hands the stories it receives to their provider's `remember`, so that news() lists them
 * before the provider's cache expires; the newsUpdates subscribers read the same bus event.
 */
export interface NewsLiveOptions {
  providers: readonly NewsProvider[];
  events: Pick<EventBus, 'publish' | 'subscribe'>;
  log: { warn: (object: object, message: string) => void };
}

/** A story from the bus as a provider's item (the category checked: it crossed processes as plain JSON). */
export function newsItemOf({ item }: NewsNotice): RawNewsItem {
  const category = (NEWS_CATEGORIES as readonly string[]).includes(item.category) ? item.category : 'GENERAL';
  return { ...item, symbols: [...item.symbols], category };
}

export function createNewsLive({ providers, events, log }: NewsLiveOptions) {
  const streaming = providers.filter((provider) => provider.subscribe !== undefined);
  const iterator = events.subscribe('newsItem')[Symbol.asyncIterator]();
  const received = (async () => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      providers.find((provider) => provider.name === next.value.provider)?.remember?.(newsItemOf(next.value));
    }
  })();
  received.catch((error: unknown) => log.warn({ err: error }, 'live news from the event bus stopped'));

  let unsubscribes: (() => void)[] = [];
  return {
    /** The leader's subscriptions to the streaming providers, each story published for every process. */
    leaderWork: {
      start: async () => {
        unsubscribes = streaming.map((provider) =>
          provider.subscribe!((item) => events.publish('newsItem', { provider: provider.name, item })),
        );
      },
      stop: async () => {
        for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      },
    },
    /** Stops reading the bus (at shutdown). */
    async close() {
      await iterator.return?.();
      await received.catch(() => undefined);
    },
  };
}

export type NewsLive = ReturnType<typeof createNewsLive>;
