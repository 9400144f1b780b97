import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { useDisableIntrospection as disableIntrospectionPlugin } from '@graphql-yoga/plugin-disable-introspection';
import type { Plugin } from 'graphql-yoga';

/**
 * Off (`enabled` false: production unless GRAPHQL_INTROSPECTION=true), the schema is not handed to whoever
 * asks: `__schema` and `__type` are refused as validation errors, and "Did you mean …?" is cut from validation
 * messages, which would otherwise spell the schema out one field at a time.
 */
export function introspectionPlugins(enabled: boolean): Plugin[] {
  if (enabled) return [];
  return [disableIntrospectionPlugin(), blockFieldSuggestionsPlugin({ mask: '' }) as Plugin];
}
