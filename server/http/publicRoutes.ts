import type { FastifyInstance } from 'fastify';
import type { AuthMode } from '../config';

interface PublicRouteOptions {
  version: string;
  authMode: AuthMode;
  errorReporting: boolean;
  uptimeSeconds: () => number;
}

/**
 * Routes that need no sign-in: `GET`/`HEAD /api/health` (liveness, never cached; the offline banner's
 * retry pings it) and `GET /api/config` (what the client needs to know before signing in).
 */
export function registerPublicRoutes(app: FastifyInstance, options: PublicRouteOptions): void {
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version: options.version, uptime: options.uptimeSeconds() };
  });

  app.get('/api/config', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: options.version, authMode: options.authMode, errorReporting: options.errorReporting };
  });
}
