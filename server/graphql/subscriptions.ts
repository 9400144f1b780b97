import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExecutionArgs, ExecutionResult, GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { makeHandler } from 'graphql-ws/use/@fastify/websocket';
import { createGraphQLError, isAsyncIterable, type YogaServerInstance } from 'graphql-yoga';
import type { SocketOperationCounter } from '../metrics';
import { type Authenticator, bearerToken } from '../services/auth';
import { UNAUTHORIZED_MESSAGE } from '../services/errors';
import { QUOTE_BUFFER } from '../services/market';
import type { GraphQLContext, ServerContext } from './context';
import { boundedMessage, boundedResult } from './boundedErrors';
import { isGraphQLError } from './errors';
import { createSharedPayloads } from './sharedPayloads';
import { createSharedStreams } from './sharedStreams';
import { assertShareable, sharedSubscriptionKey } from './sharedSubscriptions';
import {
  CONNECTION_INIT_TIMEOUT_MS,
  limitMessagesBeforeAuth,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  TOO_MANY_SUBSCRIPTIONS_MESSAGE,
  withoutGraphqlWsErrorListener,
} from './socketLimits';
import type { SocketSessions } from './socketSessions';
import { batchWrites } from './writeBatching';

type Yoga = YogaServerInstance<ServerContext, GraphQLContext>;
type Enveloped = ReturnType<Yoga['getEnveloped']>;

interface SubscriptionHandlerOptions {
  authenticator: Authenticator;
  counter: SocketOperationCounter;
  isProduction: boolean;
  /** The signed-in sockets: closed when their session ends, capped per user. */
  sockets: SocketSessions;
}

interface PreparedOperation extends Pick<Enveloped, 'execute' | 'subscribe'> {
  /** Set when the operation's execution is shared with identical ones (sharedSubscriptions.ts). */
  sharing:
    | {
        key: string;
        /** Sends a shared result to this subscriber (its `next` message, straight to its socket). */
        deliver: (result: ExecutionResult) => void;
      }
    | undefined;
}

/**
 * Unsent bytes beyond which a socket's shared results are dropped until it catches up: a slow client loses
 * quotes instead of growing the server's memory (about QUOTE_BUFFER quotes of the app's selection).
 */
const MAX_UNSENT_SHARED_BYTES = QUOTE_BUFFER * 1024;

/**
 * graphql-ws over @fastify/websocket, executing through Yoga's envelop (same schema, context, auth and
 * error masking as HTTP). The bearer token travels in `connectionParams.authorization`; a connection
 * without a valid one is closed with 4401 and the reason "unauthorized: sign in required", and so is one whose
 * session ends while it is open (./socketSessions.ts). Limits (./socketLimits.ts): connection_init within
 * CONNECTION_INIT_TIMEOUT_MS, small messages until it is acknowledged, sockets per user, subscriptions per socket.
 *
 * Fan-out: every subscriber is authenticated and its operation parsed and validated on its own, but
 * subscriptions to a shared field (marketDataUpdates) with the same text and variables run as one upstream
 * subscription whose results are multicast to all of them, so a tick is executed once per distinct
 * operation, not once per subscriber. Those results are sent to each subscriber's socket synchronously as they
 * are produced (its `next` message made from the result's JSON, serialised once), not through a promise chain
 * per subscriber; a socket with more than MAX_UNSENT_SHARED_BYTES unsent skips them until it drains. The
 * messages of one event loop turn to one socket leave in one write.
 */
export function createSubscriptionHandler(
  yoga: Yoga,
  { authenticator, counter, isProduction, sockets }: SubscriptionHandlerOptions,
) {
  // The enveloped execute/subscribe of each operation, found again through its context value.
  const executors = new WeakMap<object, PreparedOperation>();
  const payloads = createSharedPayloads();
  const shared = createSharedStreams<ExecutionResult>();
  let checkedSchema: unknown;
  const executorOf = (args: ExecutionArgs) => {
    const executor =
      typeof args.contextValue === 'object' && args.contextValue ? executors.get(args.contextValue) : undefined;
    if (!executor) throw new Error('graphql-ws operation was not prepared by onSubscribe');
    return executor;
  };
  /** Sends shared results to subscription `id` of the socket, skipped while it has too much unsent. */
  const deliverTo =
    ({ socket, request }: { socket: WebSocket; request: FastifyRequest }, id: string) =>
    (result: ExecutionResult) => {
      if (socket.readyState !== socket.OPEN || socket.bufferedAmount > MAX_UNSENT_SHARED_BYTES) return;
      batchWrites(request.raw.socket);
      socket.send(payloads.nextMessage(id, result));
    };
  const fail = (errors: readonly GraphQLError[]) => {
    counter.record(true);
    return errors.map(boundedMessage);
  };

  const handler = makeHandler({
    isProd: isProduction,
    connectionInitWaitTimeout: CONNECTION_INIT_TIMEOUT_MS,
    onConnect: async (ctx) => {
      const { socket } = ctx.extra;
      // Closed meanwhile (a message too big, the client gone): nothing to sign in.
      if (socket.readyState !== socket.OPEN) return false;
      const token = bearerToken(ctx.connectionParams?.authorization);
      const session = await authenticator.session(token);
      if (session && token && sockets.add(socket, token, session)) {
        socket.once('close', counter.follow(ctx));
        return true;
      }
      if (session && token) return false;
      // Returning false alone would close with 4403 "Forbidden", which graphql-ws clients retry; 4401 is
      // final for them and carries the "unauthorized" text the client signs out on. The library's own
      // close that follows is a no-op on a closing socket.
      socket.close(CloseCode.Unauthorized, UNAUTHORIZED_MESSAGE);
      return false;
    },
    onSubscribe: async (ctx, id, payload) => {
      // graphql-ws lists the new subscription before asking; finished ones are gone from the list.
      if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_SOCKET) {
        return fail([
          createGraphQLError(TOO_MANY_SUBSCRIPTIONS_MESSAGE, { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } }),
        ]);
      }
      const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
        req: ctx.extra.request,
        connectionParams: ctx.connectionParams,
        params: payload,
      });
      try {
        const document = parse(payload.query);
        const errors = validate(schema, document);
        if (errors.length > 0) return fail(errors);
        const contextValue = await contextFactory();
        if (checkedSchema !== schema) {
          assertShareable(schema);
          checkedSchema = schema;
        }
        const sharedKey = sharedSubscriptionKey(document, payload);
        executors.set(contextValue, {
          execute,
          subscribe,
          sharing: sharedKey === undefined ? undefined : { key: sharedKey, deliver: deliverTo(ctx.extra, id) },
        });
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
        };
      } catch (error) {
        if (isGraphQLError(error)) return fail([error]);
        throw error;
      }
    },
    execute: (args) => executorOf(args).execute(args),
    subscribe: (args) => {
      const { subscribe, sharing } = executorOf(args);
      return sharing ? shared.subscribe(sharing.key, () => subscribe(args), sharing.deliver) : subscribe(args);
    },
    onNext: (ctx, _id, _payload, _args, result) => {
      batchWrites(ctx.extra.request.raw.socket);
      const bounded = boundedResult(result);
      return bounded === result ? undefined : bounded;
    },
    onOperation: async (_ctx, _id, _payload, _args, result) => {
      const settled = await result;
      counter.record(!isAsyncIterable(settled) && (settled.errors?.length ?? 0) > 0);
    },
  });
  return function subscriptionHandler(this: FastifyInstance, socket: WebSocket, request: FastifyRequest) {
    limitMessagesBeforeAuth(socket, () => sockets.has(socket));
    socket.once('close', () => sockets.remove(socket));
    withoutGraphqlWsErrorListener(socket, () => handler.call(this, socket, request));
  };
}
