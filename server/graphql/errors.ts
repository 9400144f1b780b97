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
 * Yoga's error masking with two additions: AppErrors keep their message and code; anything else
 * unexpected is logged with its stack before being masked as "Unexpected error.".
 */
export function createMaskError(log: Pick<Logger, 'error'>): MaskError {
  return (error, message, isDev) => {
    const located = isGraphQLError(error) ? error : undefined;
    const original = located?.originalError ?? error;
    if (original instanceof AppError) return toGraphQLError(original, located);
    const masked = yogaMaskError(error, message, isDev);
    if (masked !== error) log.error({ err: original }, 'unexpected error in a GraphQL operation');
    return masked;
  };
}
