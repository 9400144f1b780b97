import type { ExecutionResult, GraphQLError } from 'graphql';
import { createGraphQLError, isAsyncIterable, type Plugin } from 'graphql-yoga';
import { truncate } from '../truncate';
import { isGraphQLError } from './errors';

/** Longest error message answered; a longer one (graphql quoting a huge variable value) is cut. */
export const MAX_ERROR_MESSAGE = 300;

/** `error` with its message cut to MAX_ERROR_MESSAGE (the same error when it is short enough). */
export function boundedMessage(error: GraphQLError): GraphQLError {
  if (error.message.length <= MAX_ERROR_MESSAGE) return error;
  return createGraphQLError(truncate(error.message, MAX_ERROR_MESSAGE), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

type Result = { errors?: readonly GraphQLError[] };

/** A result whose error messages are at most MAX_ERROR_MESSAGE long (the same object when they are). */
export function boundedResult<T extends Result>(result: T): T {
  const errors = result.errors;
  if (!errors?.some((error) => error.message.length > MAX_ERROR_MESSAGE)) return result;
  return { ...result, errors: errors.map((error) => (isGraphQLError(error) ? boundedMessage(error) : error)) };
}

/**
 * Cuts every error message of an HTTP answer to MAX_ERROR_MESSAGE: graphql's own messages (syntax, validation,
 * variables) quote the values they refuse, and a megabyte-long value is never echoed whole. Streamed results
 * (SSE, graphql-ws) are bounded where they are sent (./subscriptions.ts).
 */
export function boundedErrorsPlugin(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result)) setResult(result.map((single: ExecutionResult) => boundedResult(single)));
      else if (!isAsyncIterable(result)) setResult(boundedResult(result));
    },
  };
}
