import type { WebSocket } from '@fastify/websocket';

/** Stands for a shared payload in graphql-ws's JSON until the socket's send puts the payload's JSON there. */
const PLACEHOLDER = 'shared-payload:3c1f0a';
const SUFFIX = `"payload":${JSON.stringify(PLACEHOLDER)}}`;

/**
 * JSON once per shared result: graphql-ws writes each `next` message as JSON.stringify({ id, type, payload }),
 * which for a result multicast to N subscribers (sharedStreams.ts) would serialise the same payload N times.
 * Here a shared result is serialised once, on first use: the JSON replacer given to graphql-ws puts a short
 * placeholder in place of the payload and notes the payload's JSON; the socket's send, called right after
 * with that message (graphql-ws does `socket.send(stringifyMessage(…))`, nothing runs between the two), puts
 * the JSON in place of the placeholder. Messages whose payload is not shared are untouched.
 */
export function createSharedPayloads() {
  const shared = new WeakSet<object>();
  const serialised = new WeakMap<object, string>();
  let pending: string | undefined;

  return {
    /** Marks a result as handed to several subscribers, so that it is serialised once. */
    share(result: object): void {
      shared.add(result);
    },
    /** Whether `result` was marked shared (onNext returns it as is, so that graphql-ws does not copy it). */
    isShared(result: object): boolean {
      return shared.has(result);
    },
    /** graphql-ws's jsonMessageReplacer. */
    replacer(key: string, value: unknown): unknown {
      if (key !== 'payload' || typeof value !== 'object' || value === null || !shared.has(value)) return value;
      let json = serialised.get(value);
      if (json === undefined) serialised.set(value, (json = JSON.stringify(value)));
      pending = json;
      return PLACEHOLDER;
    },
    /** Makes the socket's send put the noted payload JSON in place of the placeholder. */
    wrapSocket(socket: WebSocket): void {
      const send = socket.send.bind(socket);
      socket.send = ((data: unknown, ...rest: unknown[]) => {
        if (pending !== undefined && typeof data === 'string' && data.endsWith(SUFFIX)) {
          data = `${data.slice(0, -SUFFIX.length)}"payload":${pending}}`;
          pending = undefined;
        }
        return (send as (...args: unknown[]) => void)(data, ...rest);
      }) as WebSocket['send'];
    },
  };
}
