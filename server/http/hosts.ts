import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { normalizeHostName } from '../config/variables';
import { sendError } from './errors';

/** The answer to a request for a host name this server does not serve (RFC 9110 §15.5.20). */
export const MISDIRECTED_STATUS = 421;
export const MISDIRECTED_MESSAGE = 'This server does not answer for that host name (see ALLOWED_HOSTS).';

/** Which Host names and browser origins the server answers (against DNS rebinding and cross-site WebSockets). */
export interface HostPolicy {
  /** Whether a Host header value (`name[:port]`, IPv6 in brackets) names an allowed host. */
  allowsHost(host: string | undefined): boolean;
  /**
   * Whether a browser page at `origin` may open a WebSocket to a request for `host`: the configured public
   * origin, or the request's own origin (same host and port) when its host is allowed. Clients that send no
   * Origin (not browsers) pass.
   */
  allowsOrigin(origin: string | undefined, host: string | undefined): boolean;
}

/** `name` and `name:port` of a Host header value, or null when it does not parse as one. */
function parseHost(host: string): { name: string; authority: string } | null {
  if (/[/?#@\\\s]/.test(host) || !URL.canParse(`http://${host}`)) return null;
  const url = new URL(`http://${host}`);
  return { name: normalizeHostName(url.hostname), authority: url.host };
}

export function createHostPolicy(config: Pick<Config, 'allowedHosts' | 'publicOrigin'>): HostPolicy {
  const allowed = new Set(config.allowedHosts);
  const allowsHost = (host: string | undefined) => {
    const parsed = host === undefined ? null : parseHost(host);
    return parsed !== null && allowed.has(parsed.name);
  };
  return {
    allowsHost,
    allowsOrigin(origin, host) {
      if (origin === undefined) return true;
      if (!URL.canParse(origin)) return false;
      const url = new URL(origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (config.publicOrigin !== undefined && url.origin === config.publicOrigin) return true;
      return host !== undefined && allowsHost(host) && url.host === parseHost(host)?.authority;
    },
  };
}

/** The Host the client asked for: `X-Forwarded-Host` through a trusted proxy (TRUST_PROXY), else `Host`. */
export function requestedHost(request: FastifyRequest): string | undefined {
  return request.host || undefined;
}

/**
 * Every request, HTTP or WebSocket upgrade, in both auth modes: a Host outside the allow-list gets 421 before
 * any route runs, so a page rebound by DNS to this server's address can neither read it nor drive the account.
 */
export function registerHostCheck(app: FastifyInstance, policy: HostPolicy): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = requestedHost(request);
    if (policy.allowsHost(host)) return;
    request.log.warn({ host: host?.slice(0, 100) }, 'request for a host name that is not allowed');
    await sendError(reply, MISDIRECTED_STATUS, MISDIRECTED_MESSAGE);
  });
}
