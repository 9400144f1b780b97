import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import * as z from 'zod';
import type { BrokerOAuth } from '../services/brokers/oauth';
import { signedInUser } from './auth';
import { answeringAppErrors } from './brokerRoutes';
import { sendError } from './errors';

const initiateBody = z.strictObject({
  brokerId: z.string().max(40),
  accountType: z.enum(['paper', 'live', 'both']).optional(),
});
const callbackBody = z.strictObject({
  code: z.string().max(512).optional(),
  state: z.string().max(200),
  error: z.string().max(100).optional(),
  error_description: z.string().max(500).optional(),
});

/** Where the provider sends the user back: PUBLIC_ORIGIN's /oauth/callback, else this request's origin's. */
function redirectUri(request: FastifyRequest, publicOrigin: string | undefined): string {
  return `${publicOrigin ?? `${request.protocol}://${request.host}`}/oauth/callback`;
}

/**
 * OAuth REST routes (signed in; spec §7 REST, issue 14 point 4; rules in server/services/brokers/oauth.ts):
 * - `POST /api/oauth/initiate` {brokerId, accountType ('both' by default)}: {authorizationUrl, state}.
 * - `POST /api/oauth/callback` {code, state} (or the provider's {error, error_description}, with the state):
 *   exchanges the code and connects the accounts it opens: {success: true, brokerId, connections}.
 */
export function registerOAuthRoutes(
  app: FastifyInstance,
  options: { requireUser: preHandlerAsyncHookHandler; oauth: BrokerOAuth; publicOrigin: string | undefined },
): void {
  app.post('/api/oauth/initiate', { preHandler: options.requireUser, bodyLimit: 4096 }, async (request, reply) => {
    const parsed = initiateBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return sendError(reply, 400, `Invalid ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid value'}`);
    }
    reply.header('cache-control', 'no-store');
    return answeringAppErrors(reply, () =>
      options.oauth.initiate(signedInUser(request).id, parsed.data, redirectUri(request, options.publicOrigin)),
    );
  });

  app.post('/api/oauth/callback', { preHandler: options.requireUser, bodyLimit: 4096 }, async (request, reply) => {
    const parsed = callbackBody.safeParse(request.body ?? {});
    if (!parsed.success) return sendError(reply, 400, 'Invalid OAuth response. Missing required parameters.');
    reply.header('cache-control', 'no-store');
    const { error, error_description: errorDescription, ...rest } = parsed.data;
    return answeringAppErrors(reply, async () => ({
      success: true,
      ...(await options.oauth.complete(signedInUser(request).id, { ...rest, error, errorDescription })),
    }));
  });
}
