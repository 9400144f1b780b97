import type { ExecutionArgs, GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { makeHandler } from 'graphql-ws/use/@fastify/websocket';
import { isAsyncIterable, type YogaServerInstance } from 'graphql-yoga';
import type { OperationCounter } from '../metrics';
import { type Authenticator, bearerToken } from '../services/auth';
import { UNAUTHORIZED_MESSAGE } from '../services/errors';
import type { GraphQLContext, ServerContext } from './context';
import { isGraphQLError } from './errors';

type Yoga = YogaServerInstance<ServerContext, GraphQLContext>;
type Enveloped = ReturnType<Yoga['getEnveloped']>;

interface SubscriptionHandlerOptions {
  authenticator: Authenticator;
  counter: OperationCounter;
  isProduction: boolean;
}

/**
 * graphql-ws over @fastify/websocket, executing through Yoga's envelop (same schema, context, auth and
 * error masking as HTTP). The bearer token travels in `connectionParams.authorization`; a connection
 * without a valid one is closed with 4401 and the reason "unauthorized: sign in required".
 */
export function createSubscriptionHandler(
  yoga: Yoga,
  { authenticator, counter, isProduction }: SubscriptionHandlerOptions,
) {
  // The enveloped execute/subscribe of each operation, found again through its context value.
  const executors = new WeakMap<object, Pick<Enveloped, 'execute' | 'subscribe'>>();
  const executorOf = (args: ExecutionArgs) => {
    const executor =
      typeof args.contextValue === 'object' && args.contextValue ? executors.get(args.contextValue) : undefined;
    if (!executor) throw new Error('graphql-ws operation was not prepared by onSubscribe');
    return executor;
  };
  const fail = (errors: readonly GraphQLError[]) => {
    counter.record(true);
    return errors;
  };

  return makeHandler({
    isProd: isProduction,
    onConnect: async (ctx) => {
      const user = await authenticator.authenticate(bearerToken(ctx.connectionParams?.authorization));
      if (user) return true;
      // Returning false alone would close with 4403 "Forbidden", which graphql-ws clients retry; 4401 is
      // final for them and carries the "unauthorized" text the client signs out on. The library's own
      // close that follows is a no-op on a closing socket.
      ctx.extra.socket.close(CloseCode.Unauthorized, UNAUTHORIZED_MESSAGE);
      return false;
    },
    onSubscribe: async (ctx, _id, payload) => {
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
        executors.set(contextValue, { execute, subscribe });
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
    subscribe: (args) => executorOf(args).subscribe(args),
    onOperation: async (_ctx, _id, _payload, _args, result) => {
      const settled = await result;
      counter.record(!isAsyncIterable(settled) && (settled.errors?.length ?? 0) > 0);
    },
  });
}
