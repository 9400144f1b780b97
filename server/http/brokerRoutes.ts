import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { BROKER_CATALOGUE } from '../../src/domain/brokers/catalogue';

/**
 * `GET /api/brokers/available` (signed in; spec §7 REST, §3 "Broker (catalogue entry)"): the broker catalogue
 * with the spec's fields (id, name, type, brokerLogoUrl, brokerDescription, supportedFeatures, oauthEnabled),
 * plus `available` (this app can connect it; the others are shown as not yet available) and
 * `requiresAccountId` (the credentials dialog asks for the account ID). The same for every user.
 */
export function registerBrokerRoutes(app: FastifyInstance, options: { requireUser: preHandlerAsyncHookHandler }): void {
  const brokers = BROKER_CATALOGUE.map(({ connectable, ...entry }) => ({ ...entry, available: connectable }));
  app.get('/api/brokers/available', { preHandler: options.requireUser }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=300');
    return { brokers };
  });
}
