import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import type { Config } from '../config';
import type { Metrics } from '../metrics';
import type { Services } from '../services';
import type { Authenticator } from '../services/auth';
import { sendError } from '../http/errors';
import { createContextFactory, type GraphQLContext, type ServerContext } from './context';
import type { HostPolicy } from '../http/hosts';
import { boundedErrorsPlugin } from './boundedErrors';
import { createMaskError } from './errors';
import { introspectionPlugins } from './introspection';
import { operationMetricsPlugin } from './operationMetrics';
import { parserAndValidationCache, requestLimitPlugins } from './requestLimits';
import { sharedExecutionPlugin } from './sharedExecution';
import { createExecutableSchema } from './schema';
import type { SocketSessions } from './socketSessions';
import { createSubscriptionHandler } from './subscriptions';
import { yogaLogger } from './yogaLogger';

interface GraphQLRouteOptions {
  config: Pick<Config, 'nodeEnv' | 'authMode' | 'requestLimits' | 'introspection'>;
  authenticator: Authenticator;
  services: Services;
  metrics: Metrics;
  /**
   * Browsers do not apply CORS to WebSockets, and in single-user mode the bearer token is public, so an
   * upgrade from an origin the policy does not allow is refused (server/http/hosts.ts).
   */
  hostPolicy: HostPolicy;
  sockets: SocketSessions;
  /** The executable schema when it was built beforehand (server/main.ts: while the database starts); else built here. */
  schema?: ReturnType<typeof createExecutableSchema>;
}

/**
 * /graphql: queries and mutations over POST and GET (graphql-yoga; GraphiQL outside production),
 * subscriptions over WebSocket (graphql-ws) on the same path.
 */
export function registerGraphQLRoutes(
  app: FastifyInstance,
  { config, authenticator, services, metrics, hostPolicy, sockets, schema }: GraphQLRouteOptions,
) {
  const isProduction = config.nodeEnv === 'production';
  const graphiql = isProduction
    ? false
    : {
        subscriptionsProtocol: 'WS' as const,
        headers:
          config.authMode === 'single' ? JSON.stringify({ Authorization: `Bearer ${SINGLE_USER_TOKEN}` }) : undefined,
      };

  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema: schema ?? createExecutableSchema(),
    context: createContextFactory(authenticator, services),
    graphqlEndpoint: '/graphql',
    graphiql,
    landingPage: false,
    // Only short documents are cached by their text (server/graphql/requestLimits.ts).
    parserAndValidationCache: parserAndValidationCache(),
    cors: false,
    // Development answers carry an unexpected error's message and stack in extensions; others never do.
    maskedErrors: { maskError: createMaskError(app.log), isDev: config.nodeEnv === 'development' },
    logging: yogaLogger(app.log),
    plugins: [
      operationMetricsPlugin(metrics.graphql),
      ...requestLimitPlugins(config.requestLimits),
      ...introspectionPlugins(config.introspection),
      boundedErrorsPlugin(),
      sharedExecutionPlugin(),
    ],
  });

  const handler = (req: FastifyRequest, reply: FastifyReply) =>
    yoga.handleNodeRequestAndResponse(req, reply, { req, reply });

  // A body over the limit is refused (413) from its Content-Length before it is read or parsed.
  app.route({
    method: ['POST', 'OPTIONS'],
    url: yoga.graphqlEndpoint,
    bodyLimit: config.requestLimits.maxBodyBytes,
    handler,
  });
  app.route({
    method: 'GET',
    url: yoga.graphqlEndpoint,
    preValidation: async (request, reply) => {
      if (request.ws && !hostPolicy.allowsOrigin(request.headers.origin, request.host)) {
        await sendError(reply, 403, 'WebSocket connections from other origins are not allowed');
      }
    },
    // GraphiQL (development only) loads its page from a CDN with inline scripts, which the app's CSP forbids.
    ...(graphiql && { config: { securityHeaders: { contentSecurityPolicy: false } } }),
    handler,
    wsHandler: createSubscriptionHandler(yoga, {
      authenticator,
      counter: metrics.subscriptions,
      isProduction,
      sockets,
    }),
  });
}
