import type { FastifyReply, FastifyRequest } from 'fastify';
import type { YogaInitialContext } from 'graphql-yoga';
import { type Authenticator, type AuthUser, bearerToken } from '../services/auth';
import { unauthenticated } from '../services/errors';
import type { Services } from '../services';
import { toGraphQLError } from './errors';
import { isPublicOperation } from './publicOperations';

/** The `user` of a public (sign-in) operation: an id that matches no row. */
const ANONYMOUS: AuthUser = { id: '00000000-0000-0000-0000-000000000000' };

/** What every resolver receives: the signed-in user (operations without one never reach resolvers). */
export interface GraphQLContext {
  user: AuthUser;
  services: Services;
  /** Who sent the operation: its IP address (sign-in rate limits) and bearer token (logout). */
  client: { ip: string; token: string | null };
  /** The `Idempotency-Key` header of an HTTP mutation (validated by the idempotency service), else null. */
  idempotencyKey: string | null;
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
    const token = bearerToken(authorization);
    const client = { ip: initial.req.ip, token };
    const idempotencyKey = 'connectionParams' in initial ? null : initial.request.headers.get('idempotency-key');
    const user = await authenticator.authenticate(token);
    if (!user) {
      // Only the sign-in mutations run without a user, over HTTP; they never read `user`.
      const isHttp = !('connectionParams' in initial);
      if (isHttp && isPublicOperation(initial.params.query, initial.params.operationName ?? undefined)) {
        return { user: ANONYMOUS, services, client, idempotencyKey };
      }
      throw toGraphQLError(unauthenticated());
    }
    return { user, services, client, idempotencyKey };
  };
}
