import type { FastifyReply, FastifyRequest } from 'fastify';
import type { YogaInitialContext } from 'graphql-yoga';
import type { Authenticator, AuthUser } from '../services/auth/authenticate';
import { bearerToken } from '../services/auth/tokens';
import { unauthenticated } from '../services/errors';
import type { Services } from '../services';
import { toGraphQLError } from './errors';

/** What every resolver receives: the signed-in user (operations without one never reach resolvers). */
export interface GraphQLContext {
  user: AuthUser;
  services: Services;
}

/** Server context of an operation sent over HTTP (POST or GET /graphql, or SSE). */
export interface HttpServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Server context of an operation sent over a graphql-ws WebSocket connection. */
export interface SocketServerContext {
  req: FastifyRequest;
  /** The connection_init payload; `authorization` carries `Bearer <token>`. */
  connectionParams: Readonly<Record<string, unknown>> | undefined;
}

export type ServerContext = HttpServerContext | SocketServerContext;

/** Builds each operation's context; throws UNAUTHENTICATED when the token resolves to no user. */
export function createContextFactory(authenticator: Authenticator, services: Services) {
  return async (initial: YogaInitialContext & ServerContext): Promise<GraphQLContext> => {
    const authorization =
      'connectionParams' in initial
        ? initial.connectionParams?.authorization
        : initial.request.headers.get('authorization');
    const user = await authenticator.authenticate(bearerToken(authorization));
    if (!user) throw toGraphQLError(unauthenticated());
    return { user, services };
  };
}
