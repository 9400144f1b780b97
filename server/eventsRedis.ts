import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import { createEventBus, type BusEvent, type EventBus } from './events';

/** Where the Redis connections' troubles are told (the app's logger). */
export interface RedisLog {
  info(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

type Target<E extends CustomEvent> = ReturnType<typeof createRedisEventTarget<E>>;

/** The event target of a bus whose events travel through Redis, and its two connections. */
export interface RedisEventTarget<E extends CustomEvent> {
  target: Target<E>;
  /** Resolves once the subscriptions made so far are in effect on Redis (a PING answered after them). */
  subscriptionsReady(): Promise<void>;
  /** Quits both connections (disconnects at once one that is not connected) and waits until they are closed. */
  close(): Promise<void>;
}

/**
 * One connection. ioredis reconnects by itself; its errors are logged by message only (never the client, whose
 * options hold the URL and its password, nor the failed command, whose arguments are a user's payload), once per
 * outage, and the reconnection is logged when one was reported.
 */
function connect(url: string, role: 'publish' | 'subscribe', log: RedisLog): Redis {
  const client = new Redis(url, {
    // The subscribing connection waits for Redis as long as it takes (it resubscribes once back); a publish is
    // given up (and logged) after ioredis's default 20 reconnection attempts rather than piling up.
    maxRetriesPerRequest: role === 'subscribe' ? null : 20,
    // ioredis sends CLIENT SETNAME and CLIENT SETINFO once connected, SETINFO after an asynchronous read: a SUBSCRIBE
    // sent first puts the connection in subscriber mode, which refuses them ("Connection in subscriber mode"), and
    // the process stopped hearing other processes' events. None on the subscribing side.
    connectionName: role === 'publish' ? 'ai-trading-publish' : undefined,
    disableClientInfo: role === 'subscribe',
  });
  let failing: string | null = null;
  client.on('error', (error: Error) => {
    if (error.message === failing) return;
    failing = error.message;
    log.error({ redis: role, error: error.message }, 'Redis connection error (events between processes wait)');
  });
  client.on('ready', () => {
    if (failing !== null) log.info({ redis: role }, 'Redis connection restored');
    failing = null;
  });
  return client;
}

async function quit(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  // Between two attempts there is no socket, only the reconnection timer, which disconnect() clears ('end' never comes).
  if (client.status === 'reconnecting') {
    client.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
  await ended;
}

/**
 * What the library uses of the subscribing connection, each command's failure reported instead of rejecting
 * unhandled (the library does not await them): a command refused by Redis, or cut off by close().
 */
function subscribingSide(client: Redis, report: (error: unknown) => void): Redis {
  const side: {
    on(event: 'message', listener: (channel: string, message: string) => void): unknown;
    subscribe(channel: string): Promise<unknown>;
    unsubscribe(channel: string): Promise<unknown>;
  } = {
    on: (event, listener) => client.on(event, listener),
    subscribe: (channel) => client.subscribe(channel).catch(report),
    unsubscribe: (channel) => client.unsubscribe(channel).catch(report),
  };
  // All the library calls (@graphql-yoga/redis-event-target 3.x: on('message'), subscribe, unsubscribe).
  return side as unknown as Redis;
}

/**
 * An event target over two Redis connections (`createRedisEventTarget`: one publishes, one subscribes; a topic
 * is a Redis channel, its payload JSON). Publishing is done here rather than by the library so that a failed
 * publish is logged instead of rejecting unhandled; after `close()` the target does nothing.
 */
export function createRedisTarget<E extends CustomEvent>(url: string, log: RedisLog): RedisEventTarget<E> {
  const publishClient = connect(url, 'publish', log);
  const subscribeClient = connect(url, 'subscribe', log);
  let closed = false;
  const report = (what: string) => (error: unknown) => {
    if (closed) return;
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ redis: what, error: reason }, `Redis ${what} failed`);
  };
  const library = createRedisEventTarget<E>({
    publishClient,
    subscribeClient: subscribingSide(subscribeClient, report('subscribe')),
  });

  const target: Target<E> = {
    addEventListener(type, listener, options) {
      if (!closed) library.addEventListener(type, listener, options);
    },
    removeEventListener(type, listener, options) {
      if (!closed) library.removeEventListener(type, listener, options);
    },
    dispatchEvent(event) {
      if (closed) return false;
      const message = event.detail === undefined ? '' : JSON.stringify(event.detail);
      publishClient.publish(event.type, message).catch(report('publish'));
      return true;
    },
  };

  return {
    target,
    async subscriptionsReady() {
      if (!closed) await subscribeClient.ping();
    },
    async close() {
      closed = true;
      await Promise.all([quit(publishClient), quit(subscribeClient)]);
    },
  };
}

const silentLog: RedisLog = { info: () => undefined, error: () => undefined };

/**
 * The event bus (createEventBus) whose events travel through the Redis at `url` (REDIS_URL), Redis connection
 * troubles told to `log`. This module is where the Redis client is loaded: the app imports it only when REDIS_URL is
 * set.
 */
export function createRedisEventBus(url: string, log: RedisLog = silentLog): EventBus {
  return createEventBus({ redis: createRedisTarget<BusEvent>(url, log) });
}
