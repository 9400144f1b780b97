import { format } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { YogaLogger } from 'graphql-yoga';
import { AppError } from '../services/errors';
import { isGraphQLError } from './errors';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** pino's level numbers; 'silent' (and anything unknown) enables nothing. */
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/**
 * An error a client caused rather than a fault of the server: an AppError (bad input, not found, a rate limit),
 * or one of graphql's own errors (syntax, validation, variables, a refused sign-in) that wraps no other error.
 */
export function isClientError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; isGraphQLError(current) && current.originalError && depth < 5; depth++) {
    current = current.originalError;
  }
  return current instanceof AppError || isGraphQLError(current);
}

/** The code and message of a client error, without its stack. */
function clientErrorFields(error: Error): Record<string, unknown> {
  const original = isGraphQLError(error) ? (error.originalError ?? error) : error;
  const code = original instanceof AppError ? original.code : isGraphQLError(error) ? error.extensions.code : undefined;
  return { code, path: isGraphQLError(error) ? error.path : undefined, error: error.message };
}

/**
 * Yoga's logger interface on top of the app's pino logger. Yoga logs every error its masking changed at
 * error: a client error (above) goes to info as its code and message, without a stack; a server fault, which
 * createMaskError (./errors.ts) has logged at error with its original error and stack, is repeated at debug
 * only. Yoga logs at debug several times per request, so a message is only formatted when its level is on
 * (read from the logger each time, as pino's level can change).
 */
export function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const enabled = (level: Level) => (LEVEL_VALUES[log.level] ?? Number.POSITIVE_INFINITY) <= LEVEL_VALUES[level]!;
  const forward =
    (level: Level) =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (level === 'error' && first instanceof Error) {
        if (isClientError(first)) {
          if (enabled('info')) log.info(clientErrorFields(first), 'client error in a GraphQL operation');
          return;
        }
        if (enabled('debug')) log.debug({ err: first }, 'masked error (logged above at error)');
        return;
      }
      if (!enabled(level)) return;
      if (first instanceof Error) log[level]({ err: first }, rest.length > 0 ? format(...rest) : first.message);
      else log[level](format(...args));
    };
  return { debug: forward('debug'), info: forward('info'), warn: forward('warn'), error: forward('error') };
}
