import { createPubSub, type PubSub, type PubSubEvent } from 'graphql-yoga';
import type { PriceAlert } from '../src/domain/alerts/priceAlert';
import type { ChatStreamEvent } from '../src/domain/chat/conversation';
import type { UserPreferences } from '../src/domain/preferences';
import type { MarketTick } from '../src/domain/market/marketTick';
import type { MarketQuote } from '../src/domain/market/quote';
import type { NewsStory } from '../src/domain/news/story';
import type { OpportunityAlertRecord } from '../src/domain/opportunities/alert';
import type { Order, Trade } from '../src/domain/trading/orders';
import type { RedisEventTarget } from './eventsRedis';

/**
 * Events for one user's subscribers, each published with the user id as its key (a subscriber only
 * sees its own user's events). Later issues add market, order and chat events here. The payloads are
 * the shared shapes of src/domain: the bus owns its types, so neither the services that publish nor the
 * resolvers that subscribe import them from each other.
 */
type UserEventChannels = {
  preferencesUpdated: [userId: string, preferences: UserPreferences];
  /** A piece of an assistant reply while it is produced, then the stored reply. */
  chatMessage: [userId: string, event: ChatStreamEvent];
  /** An order of the user was placed, filled (partly), cancelled, rejected or expired. */
  orderUpdated: [userId: string, order: Order];
  /** A fill of one of the user's orders. */
  tradeExecuted: [userId: string, trade: Trade];
  /** A price alert of the user fired (it is now inactive). */
  alertTriggered: [userId: string, alert: PriceAlert];
  /** A new opportunity alert of the user (server/services/opportunities). */
  opportunityAlert: [userId: string, alert: OpportunityAlertRecord];
  /** Opportunity alerts of the user were marked read (how many). */
  opportunitiesRead: [userId: string, count: number];
};

/**
 * A session ended before its time (logout, sign-out everywhere, account deletion): every process closes the
 * WebSockets it holds for it (server/graphql/socketSessions.ts). `sessionId` null means every session of the user.
 */
export interface SessionEndedNotice {
  userId: string;
  sessionId: string | null;
}

/** The symbols one process's subscribers want live quotes of (server/services/market/alpaca/sharedStream.ts). */
export interface MarketInterestNotice {
  processId: string;
  symbols: string[];
}

/** A live quote built by the process holding the market data stream, `processId` (the leader). */
export interface MarketQuoteNotice {
  processId: string;
  quote: MarketQuote;
}

/** A new story of a news provider that streams (server/services/news/live.ts), from the leader that holds the stream. */
export interface NewsNotice {
  provider: string;
  item: NewsStory;
}

/** Notices for every server process, not keyed by user (plain JSON, so that they can travel between processes). */
type ServerChannels = {
  sessionEnded: [notice: SessionEndedNotice];
  /** An order was left working on a symbol: the leader matches that symbol's quotes (server/services/trading/engine.ts). */
  workingOrder: [symbol: string];
  /** A tick of the shared simulated market, from the leader (server/services/market/sharedTicks.ts). */
  marketTick: [tick: MarketTick];
  /** Republished every few seconds and on change: the leader's stream streams the union of the fresh ones. */
  marketInterest: [notice: MarketInterestNotice];
  /** A quote of the leader's stream, which every other process passes to its subscribers. */
  marketQuote: [notice: MarketQuoteNotice];
  /**
   * A strategy was activated, deactivated, changed or deleted: the leader's runner reads it again
   * (server/services/strategies/runner.ts).
   */
  strategyChanged: [strategyId: string];
  /** A live news story: every process's provider remembers it and the newsUpdates subscribers get it. */
  newsItem: [notice: NewsNotice];
};

/**
 * A value that comes back unchanged from JSON.stringify then JSON.parse: strings, finite numbers, booleans, null,
 * arrays and objects of such, every property present (no Date, Map, Set, undefined or optional property, whose
 * absence and undefined would both arrive missing).
 */
type JsonValue<T> = T extends string | number | boolean | null
  ? T
  : T extends readonly (infer Item)[]
    ? readonly JsonValue<Item>[]
    : T extends
          Date | Map<unknown, unknown> | Set<unknown> | bigint | symbol | undefined | ((...args: never[]) => unknown)
      ? never
      : { [K in keyof T]-?: undefined extends T[K] ? never : JsonValue<T[K]> };

/** The channels, checked at compile time to carry JSON only (a payload that is not fails here). */
type JsonChannels<C extends { [K in keyof C]: JsonValue<C[K]> }> = C;

type Channels = JsonChannels<UserEventChannels & ServerChannels>;

/** What travels on the bus: one channel's event. */
export type BusEvent = PubSubEvent<Channels, keyof Channels>;

export interface EventBusOptions {
  /**
   * REDIS_URL: events travel through this Redis, so that a subscriber on any process sharing it receives what any
   * of them publishes (an event then reaches even its own process's subscribers through Redis, asynchronously).
   * Unset: one process, delivered in it at once. Made by createRedisEventBus (server/eventsRedis.ts), which the app
   * loads only when REDIS_URL is set: a server without Redis never loads its client (ioredis: some 40 ms of a cold
   * start).
   */
  redis?: RedisEventTarget<BusEvent>;
}

/**
 * Typed event bus: `publish(event, userId, payload)` and `subscribe(event, userId)` for a user's events,
 * `publish('sessionEnded', notice)` and `subscribe('sessionEnded')` for server-wide notices. In one process
 * (createPubSub's EventTarget) or, with `redis`, across processes through Redis (server/eventsRedis.ts).
 */
export interface EventBus extends PubSub<Channels> {
  /** Resolves once the subscriptions opened so far receive what is published elsewhere (at once in one process). */
  subscriptionsReady(): Promise<void>;
  /**
   * Quits the Redis connections (no-op in one process): close it after everything that publishes or subscribes
   * has stopped. Afterwards publishing does nothing and subscriptions receive nothing more.
   */
  close(): Promise<void>;
}

export function createEventBus(options: EventBusOptions = {}): EventBus {
  const redis = options.redis;
  const pubSub = createPubSub<Channels>(redis && { eventTarget: redis.target });
  return {
    publish: pubSub.publish,
    subscribe: pubSub.subscribe,
    async subscriptionsReady() {
      await redis?.subscriptionsReady();
    },
    async close() {
      await redis?.close();
    },
  };
}
