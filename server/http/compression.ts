import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/** Answers smaller than this go out as they are: compressing `{ me { id email } }` would cost more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's quality: 4 is a fraction of the CPU of the default 11 for JSON a few percent larger. */
const BROTLI_QUALITY = 4;

/** A WHATWG Response, as GraphQL Yoga answers with its own fetch implementation's (not the global Response class). */
interface FetchResponse {
  status: number;
  headers: Iterable<[string, string]> & { get(name: string): string | null };
  body: unknown;
  text(): Promise<string>;
}

function isFetchResponse(payload: unknown): payload is FetchResponse {
  return (
    typeof payload === 'object' && payload !== null && Object.prototype.toString.call(payload) === '[object Response]'
  );
}

/**
 * Compresses answers of compressible types (JSON: /graphql over HTTP, the REST routes; text) of at least
 * COMPRESSION_THRESHOLD_BYTES with Brotli or gzip, whichever the request's Accept-Encoding prefers
 * (@fastify/compress). Request bodies with a Content-Encoding other than identity are refused (415). Static files keep their copies compressed at build time (./pwa.ts: an answer that already
 * has a Content-Encoding is left alone). Server-sent events (text/event-stream) and incremental delivery
 * (multipart/mixed) are not compressible types: their streams go out unbuffered, event by event. WebSocket
 * upgrades send no reply body. Registered before the routes: its hooks are added to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // GraphQL Yoga's Response: Fastify reads it only after the onSend hooks, and @fastify/compress recognises only
  // the global class. A body of known length (a query's result) is read here into a string, so that the threshold
  // applies; a streamed one keeps its stream. Instance hooks run before the route hooks @fastify/compress adds.
  app.addHook('onSend', async (_request, reply, payload: unknown) => {
    if (!isFetchResponse(payload)) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    // The length first: reading `body` of a known-length answer would make Yoga build a stream of it, a copy that
    // text() does not need.
    return payload.headers.get('content-length') === null ? payload.body : await payload.text();
  });
  // Request bodies come uncompressed (no client of ours compresses them): a compressed one is refused rather than
  // inflated on every route, which would let a small body grow past the body limit's intent.
  app.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
      return sendError(reply, 415, 'Request bodies are accepted without a Content-Encoding only.');
  });
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
