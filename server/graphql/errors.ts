import type { GraphQLError } from 'graphql';
import { createGraphQLError, maskError as yogaMaskError, type MaskError } from 'graphql-yoga';
import type { Logger } from 'pino';
import { AppError } from '../services/errors';

/**
 * graphql ships CommonJS and ESM builds; a bundler-style loader (vitest) can load both, so errors are
 * recognised by name, and created through graphql-yoga, rather than with `instanceof GraphQLError`.
 */
export function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/**
 * The GraphQL form of an expected error: its message, its code in `extensions.code` and its details beside it. A
 * rate limit's answer is HTTP 429 with Retry-After (Yoga reads `extensions.http` and leaves it out of the body).
 */
export function toGraphQLError(error: AppError, located?: GraphQLError): GraphQLError {
  const retryAfter = error.details.retryAfter;
  return createGraphQLError(error.message, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: {
      ...error.details,
      code: error.code,
      ...(error.code === 'too_many_requests' && {
        http: { status: 429, headers: typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {} },
      }),
    },
  });
}

/**
 * The SQLSTATE of a database error anywhere in `error`'s cause chain (drizzle wraps the driver's error), if the
 * value refused is one a user could have typed: a data exception (class 22: out of range, invalid text, bad
 * encoding) or a check or not-null violation.
 */
function userValueRefusedByDatabase(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22[0-9A-Z]{3}|23514|23502)$/.test(code)) return code;
  }
  return undefined;
}

/** What a client is told when the database refused a value the input rules let through. */
export const DATABASE_REFUSED_MESSAGE = 'invalid input: a value is out of range or not allowed';

/**
 * Yoga's error masking with three additions: AppErrors keep their message and code; a value the database
 * refuses (a rule missing in validation) is BAD_USER_INPUT, never an internal error, and logged as a warning;
 * anything else unexpected is logged with its stack before being masked as "Unexpected error." (its message and
 * stack are in `extensions` in development only).
 */
export function createMaskError(log: Pick<Logger, 'error' | 'warn'>): MaskError {
  return (error, message, isDev) => {
    const located = isGraphQLError(error) ? error : undefined;
    const original = located?.originalError ?? error;
    if (original instanceof AppError) return toGraphQLError(original, located);
    const sqlState = userValueRefusedByDatabase(original);
    if (sqlState) {
      log.warn({ sqlState, path: located?.path }, 'the database refused a value the input rules let through');
      return toGraphQLError(new AppError('BAD_USER_INPUT', DATABASE_REFUSED_MESSAGE), located);
    }
    const masked = yogaMaskError(error, message, isDev);
    if (masked !== error) log.error({ err: original }, 'unexpected error in a GraphQL operation');
    return masked;
  };
}
