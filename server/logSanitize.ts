import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { truncate } from './truncate';

/** Longest string a log line carries for one value (message, field, stack); the rest is cut. */
export const MAX_LOG_STRING = 2000;
/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/**
 * Fields holding secrets, wherever a log call puts them (pino's redact: a top-level key, or one level below
 * any key): bearer tokens and Authorization headers, cookies, API and secret keys (brokers' included: Alpaca's
 * APCA-API-* headers, a connection's apiKey / apiSecret / credentials, OAuth client secrets and PKCE verifiers),
 * passwords, one-time codes.
 * `code` alone is not one of them (it is also an error's code): one-time codes are redacted where they travel,
 * in an `input` or in GraphQL `variables`.
 */
export const REDACT_PATHS = [
  ...[
    'authorization',
    'cookie',
    'token',
    'accessToken',
    'refreshToken',
    'apiKey',
    'apiSecret',
    'keyId',
    'secretKey',
    'secret',
    'clientSecret',
    'client_secret',
    'codeVerifier',
    'code_verifier',
    'credentials',
    'password',
  ].flatMap((key) => [key, `*.${key}`]),
  'headers.authorization',
  '*.headers.authorization',
  'headers.cookie',
  '*.headers.cookie',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'headers["apca-api-key-id"]',
  '*.headers["apca-api-key-id"]',
  'headers["apca-api-secret-key"]',
  '*.headers["apca-api-secret-key"]',
  'connectionParams.authorization',
  'input.code',
  '*.input.code',
  'variables.code',
  'variables.*.code',
  'otp',
  '*.otp',
];

/** `Bearer <token>` inside any text (a message, an error, a URL). */
const BEARER = /\b(bearer\s+)[^\s"',;]+/gi;
/** Query parameters whose values are secrets or carry user input that may hold them (GraphQL GET variables). */
const SECRET_PARAMETER = /token|code|key|secret|password|auth|variables|query/i;
/** Deepest nesting of a logged object walked; deeper values are replaced by a note. */
const MAX_DEPTH = 8;
/** Most items of one logged array kept. */
const MAX_ITEMS = 50;

/** A string as it may be logged: bearer tokens hidden, cut to MAX_LOG_STRING. */
export function sanitizeString(text: string): string {
  return truncate(text.replace(BEARER, `$1${REDACTED}`), MAX_LOG_STRING);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy of a logged value with every string sanitised ({@link sanitizeString}), walking plain objects and
 * arrays (bounded in depth and length). Other objects (errors, requests) are left to their pino serializers.
 */
export function sanitizeValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return sanitizeString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((item) => sanitizeValue(item, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `… (${value.length - MAX_ITEMS} more items)`] : kept;
  }
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sanitizeValue(item, depth + 1)]));
}

/** A URL path as it may be logged: values of secret-looking query parameters hidden, cut to MAX_LOG_STRING. */
export function sanitizeUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return sanitizeString(url);
  const parameters = new URLSearchParams(url.slice(query + 1));
  for (const [name] of parameters) if (SECRET_PARAMETER.test(name)) parameters.set(name, REDACTED);
  return sanitizeString(`${url.slice(0, query)}?${parameters.toString()}`);
}

/** pino serializers: errors and Fastify requests with their strings sanitised. */
export const sanitizingSerializers = {
  // pino's serialized error is not a plain object: its fields are sanitised one by one.
  err: (error: Error) =>
    Object.fromEntries(
      Object.entries(stdSerializers.err(error)).map(([key, value]) => [key, sanitizeValue(value, 1)]),
    ) as ReturnType<typeof stdSerializers.err>,
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: sanitizeUrl(request.url),
    host: sanitizeString(request.host ?? ''),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** pino's logMethod hook: every argument of a log call sanitised before pino formats it. */
export function sanitizeLogArguments(args: unknown[]): unknown[] {
  return args.map((arg) => sanitizeValue(arg));
}
