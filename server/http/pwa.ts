import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { truncate } from '../truncate';
import { sendError } from './errors';

/** Longest part of a request path repeated in a 404 answer. */
const MAX_PATH_ECHOED = 200;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything outside /assets/ (index.html, sw.js, manifest.webmanifest, version.json, icons) is revalidated. */
const REVALIDATE = 'no-cache';

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** A source map, or its Brotli or gzip copy. */
function isSourceMap(path: string): boolean {
  return /\.map$/i.test(path.split('?', 1)[0] ?? path);
}

function acceptsHtml(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('text/html') ?? false;
}

/**
 * Serves the built PWA from STATIC_DIR: hashed files under /assets/ are cached for a year, everything
 * else is revalidated; other GET paths asking for HTML get index.html (client-side routing). Unknown
 * /api/* and non-HTML paths get a 404 RestError. Without a build, HTML requests get a 503 with a hint.
 * Source maps (`*.map`) stay on disk but are answered 404 unless `serveSourceMaps` (outside production).
 */
export async function registerPwa(
  app: FastifyInstance,
  staticDir: string,
  { serveSourceMaps }: { serveSourceMaps: boolean },
): Promise<void> {
  const root = resolve(staticDir);
  const built = existsSync(join(root, 'index.html'));

  if (built) {
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      // One route per file of the build, listed when the server starts (a build replaces dist/ under a stopped
      // server; the version and the inline script's hash are read at start too). With the default wildcard route,
      // every request read the listing of each folder on its path to check the path's letter case (readdir of
      // assets/, some 240 names, per file sent). Exact routes match the file names as written, letter case
      // included: a small asset 1,262-1,312 -> 1,857-1,919 requests/s (autocannon, 10 connections).
      wildcard: false,
      // The build writes Brotli and gzip copies beside each text file (vite.config.ts): the one the browser
      // accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      allowedPath: (path) => serveSourceMaps || !isSourceMap(path),
      setHeaders: (reply, filePath) => {
        const path = relative(root, filePath).split(sep).join('/');
        reply.header('cache-control', path.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn(`${join(root, 'index.html')} is missing: the app is not served until \`npm run build\` has run`);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request);
    if (isApiPath(path) || !wantsPage || isSourceMap(path))
      return sendError(reply, 404, `No route for ${request.method} ${truncate(path, MAX_PATH_ECHOED)}`);
    if (!built) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(`The app has not been built: run \`npm run build\` (no index.html in ${root}).\n`);
    }
    return reply.sendFile('index.html');
  });
}
