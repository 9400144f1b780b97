import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import * as z from 'zod';
import { BROKER_CATALOGUE } from '../../src/domain/brokers/catalogue';
import type { BrokerConnections } from '../services/brokers/connections';
import { AppError } from '../services/errors';
import { signedInUser } from './auth';
import { sendError } from './errors';

/** Largest accepted account-creation body (keys are short). */
const ACCOUNT_BODY_LIMIT_BYTES = 8 * 1024;

/**
 * The broker account creation payload (spec §3): the key and secret arrive over TLS in the fields the spec names
 * `apiKeyEncrypted` / `apiSecretEncrypted` and are sealed on arrival (server/services/brokers/connections.ts).
 */
const accountBody = z.strictObject({
  brokerId: z.string().max(40),
  accountName: z.string().max(60).optional(),
  accountType: z.enum(['paper', 'live']),
  apiKeyEncrypted: z.string().max(256),
  apiSecretEncrypted: z.string().max(256),
  additionalCredentials: z.record(z.string().max(40), z.string().max(256)).optional(),
  accountId: z.string().max(64).optional(),
});

/** REST status of each refusal the broker services give (any other code: the broker failed, 502). */
const STATUS_OF: Partial<Record<AppError['code'], number>> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  not_available: 409,
  live_trading_not_allowed: 409,
  too_many_requests: 429,
};

/**
 * Runs `work`, answering an AppError it throws as a REST error: by default `{ error, message }`
 * (./errors.ts), or the body `bodyOf` makes of it.
 */
export async function answeringAppErrors<T>(
  reply: FastifyReply,
  work: () => Promise<T>,
  bodyOf?: (error: AppError) => object,
): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status = STATUS_OF[error.code] ?? 502;
    return bodyOf ? reply.code(status).send(bodyOf(error)) : sendError(reply, status, error.message);
  }
}

/**
 * Broker REST routes (signed in; spec §7 REST, issue 14 point 2):
 * - `GET /api/brokers/available`: the catalogue with the spec's fields (id, name, type, brokerLogoUrl,
 *   brokerDescription, supportedFeatures, oauthEnabled), plus `available` (this app can connect it; the others are
 *   shown as not yet available) and `requiresAccountId`. The same for every user.
 * - `GET /api/brokers/accounts`: the user's connections (`brokerId` and the account's state; never a secret).
 * - `POST /api/brokers/accounts`: connects with API keys (verified by the broker first; a refusal names the field
 *   and writes nothing): `{ success: true, account }`.
 */
export function registerBrokerRoutes(
  app: FastifyInstance,
  options: { requireUser: preHandlerAsyncHookHandler; connections: BrokerConnections },
): void {
  const brokers = BROKER_CATALOGUE.map(({ connectable, ...entry }) => ({ ...entry, available: connectable }));
  app.get('/api/brokers/available', { preHandler: options.requireUser }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=300');
    return { brokers };
  });

  app.get('/api/brokers/accounts', { preHandler: options.requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const views = await options.connections.list(signedInUser(request).id);
    return { accounts: views.map((view) => ({ brokerId: view.provider, ...view })) };
  });

  app.post(
    '/api/brokers/accounts',
    { preHandler: options.requireUser, bodyLimit: ACCOUNT_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const parsed = accountBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return sendError(
          reply,
          400,
          `Invalid ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid value'}`,
        );
      }
      const body = parsed.data;
      return answeringAppErrors(reply, async () => {
        const view = await options.connections.connectWithKeys(signedInUser(request).id, {
          provider: body.brokerId,
          environment: body.accountType,
          apiKey: body.apiKeyEncrypted,
          apiSecret: body.apiSecretEncrypted,
        });
        return { success: true, account: { brokerId: view.provider, ...view } };
      });
    },
  );
}
