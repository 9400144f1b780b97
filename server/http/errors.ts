import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Body of every REST error: a stable snake_case code and a readable message. */
export interface RestError {
  error: string;
  message: string;
}

/** `not_found` for 404, `payload_too_large` for 413, … (from the HTTP status text). */
export function errorCodeFor(status: number): string {
  return (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z]+/g, '_');
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: RestError = { error: errorCodeFor(status), message };
  return reply.code(status).send(body);
}

/** Fastify errors (bad JSON, body too large, …) as RestError bodies; unexpected ones are logged and masked. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const status = typeof error === 'object' && error && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, error instanceof Error ? error.message : String(error));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Unexpected error.');
  });
}
