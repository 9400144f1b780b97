import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Authenticator, type AuthUser, bearerToken } from '../services/auth';
import { UNAUTHORIZED_MESSAGE } from '../services/errors';
import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the requireUser pre-handler on routes that need one. */
    user: AuthUser | null;
  }
}

/** Lets REST routes require a signed-in user: `{ preHandler: requireUser }` answers 401 without one. */
export function registerRestAuth(app: FastifyInstance, authenticator: Authenticator): preHandlerAsyncHookHandler {
  app.decorateRequest('user', null);
  return async (request, reply) => {
    request.user = await authenticator.authenticate(bearerToken(request.headers.authorization));
    if (!request.user) await sendError(reply, 401, UNAUTHORIZED_MESSAGE);
  };
}

/** The user set by the requireUser pre-handler; a route without that pre-handler is a programming error. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user)
    throw new Error(`${request.routeOptions.url ?? request.url} is missing the requireUser pre-handler`);
  return request.user;
}
