import { useDisableIntrospection as disableIntrospectionPlugin } from '@graphql-yoga/plugin-disable-introspection';
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** graphql-js's hint at the names it knows (fields, types, arguments, enum values): " Did you mean …?" at the end. */
const SUGGESTION = /\s*Did you mean [^?]*\?$/;

/** Cuts the suggestion from each error's message (in place: the errors are this request's own). */
function withoutSuggestions(errors: readonly (Error | GraphQLError)[] | undefined): void {
  for (const error of errors ?? []) {
    if (SUGGESTION.test(error.message)) error.message = error.message.replace(SUGGESTION, '');
  }
}

/**
 * No "Did you mean …?" in any answer: validation errors (fields, types, arguments, enum values in the document) and
 * execution errors (an enum value in the variables, coerced when the operation runs; subscriptions alike).
 */
function blockSuggestionsPlugin(): Plugin {
  return {
    onValidate:
      () =>
      ({ result }) =>
        withoutSuggestions(result),
    onExecute: () => ({
      onExecuteDone: ({ result }) => {
        if ('errors' in result) withoutSuggestions(result.errors);
      },
    }),
    onSubscribe: () => ({
      onSubscribeResult: ({ result }) => {
        if ('errors' in result) withoutSuggestions(result.errors);
      },
    }),
  };
}

/**
 * Off (`enabled` false: production unless GRAPHQL_INTROSPECTION=true), the schema is not handed to whoever
 * asks: `__schema` and `__type` are refused as validation errors, and "Did you mean …?" is cut from every error
 * message, which would otherwise spell the schema out one name at a time.
 */
export function introspectionPlugins(enabled: boolean): Plugin[] {
  if (enabled) return [];
  return [disableIntrospectionPlugin(), blockSuggestionsPlugin()];
}
