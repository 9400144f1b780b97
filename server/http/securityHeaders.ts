import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy of every response: only this origin, and no inline script but those of the built
 * index.html, each allowed by its hash (see `registerSecurityHeaders`). Inline styles are allowed because
 * Chakra UI (Emotion) injects <style> tags at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `{ contentSecurityPolicy: false }`: this route's responses carry no CSP (GraphiQL in development). */
    securityHeaders?: { contentSecurityPolicy: false };
  }
}

type Headers = Readonly<Record<string, string>>;

/** Sent only on requests that came over HTTPS (directly, or to a trusted proxy). */
const HSTS = 'strict-transport-security';

/**
 * The headers helmet (through @fastify/helmet) sends with `options`, read once from a throwaway instance:
 * helmet rebuilds its middleware and re-parses the CSP on every request, the same headers every time.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Headers> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => '');
    try {
      return (await probe.inject('/')).headers;
    } finally {
      await probe.close();
    }
  };
  const [plain, secured] = await Promise.all([answer(false), answer(true)]);
  return Object.fromEntries(
    Object.entries(secured).flatMap(([name, value]) =>
      plain[name] === undefined && typeof value === 'string' ? [[name, value]] : [],
    ),
  );
}

/**
 * Helmet's security headers with the CSP above (and nothing from helmet's default CSP), computed once and
 * set by one hook; a route with `config: { securityHeaders: { contentSecurityPolicy: false } }` gets them
 * without the CSP. Strict-Transport-Security only goes with answers to HTTPS requests. `scriptHashes`: CSP hash
 * sources (`'sha256-…'`) of the inline scripts the app's page carries (./inlineScripts.ts), added to script-src:
 * those scripts run, and no other inline script does.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { scriptHashes = [] }: { scriptHashes?: readonly string[] } = {},
): Promise<void> {
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...scriptHashes],
  };
  const [withCsp, withoutCsp] = await Promise.all([
    helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives } }),
    helmetHeaders({ contentSecurityPolicy: false }),
  ]);
  const { [HSTS]: hsts, ...plainWithCsp } = withCsp;
  const { [HSTS]: _hsts, ...plainWithoutCsp } = withoutCsp;
  app.addHook('onRequest', (request, reply, done) => {
    const withoutPolicy = request.routeOptions.config.securityHeaders?.contentSecurityPolicy === false;
    reply.headers(withoutPolicy ? plainWithoutCsp : plainWithCsp);
    // Over plain HTTP the header is ignored by browsers and says nothing true; `request.protocol` is the
    // proxy's X-Forwarded-Proto only when TRUST_PROXY trusts that proxy.
    if (hsts !== undefined && request.protocol === 'https') reply.header(HSTS, hsts);
    done();
  });
}
