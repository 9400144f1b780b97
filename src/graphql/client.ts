import type { GraphQLClient, RequestOptions, Variables } from 'graphql-request';
import { authorizationHeader, clearAuthToken, storedAuthToken } from '../auth/token';
import { handleAuthFailure, type AuthFailureEffects } from './errors';
import type { TypedDocumentString } from './generated/graphql';
import { stripTypename } from './stripTypename';

const browserAuthEffects: AuthFailureEffects = {
  hasStoredToken: () => storedAuthToken() !== null,
  clearToken: () => clearAuthToken(),
  currentPath: () => window.location.pathname,
  redirect: (path) => window.location.assign(path),
};

let client: Promise<GraphQLClient> | null = null;

/**
 * The one GraphQL client: POST to /graphql on this origin, with the bearer header on every request. graphql-request
 * (and the graphql-js parser it brings) loads with the first request rather than before the first screen, which
 * never waits for it: its chunk downloads beside the route's own chunks.
 */
export function graphqlClient(): Promise<GraphQLClient> {
  client ??= import('graphql-request').then(
    ({ GraphQLClient }) =>
      new GraphQLClient(new URL('/graphql', window.location.origin).toString(), {
        // Without it, graphql-request parses every document with graphql-js only to send its operation name (tens
        // of milliseconds per first screen on a phone); every document holds one operation, which the server
        // runs without a name.
        excludeOperationName: true,
        requestMiddleware: (request) => {
          const headers = new Headers(request.headers);
          headers.set('authorization', authorizationHeader());
          return { ...request, headers };
        },
      }),
  );
  // A chunk that failed to load (offline before the worker cached it) is tried again on the next request.
  client.catch(() => {
    client = null;
  });
  return client;
}

/** Documents without variables may be called without them; all others need theirs. */
type VariablesArgument<TVariables> =
  TVariables extends Record<string, never> ? [variables?: TVariables] : [variables: TVariables];

/**
 * Sends a typed document (results and variables are inferred from it) with `__typename` stripped
 * from the variables. An authentication failure drops the token and reloads at `/` (spec §8).
 */
export async function gqlRequest<TResult, TVariables extends Variables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: VariablesArgument<TVariables>
): Promise<TResult> {
  // The document's text as a primitive string (codegen's documentMode 'string'). RequestOptions makes `variables`
  // optional or required by a conditional type that TypeScript cannot resolve for a generic TVariables;
  // VariablesArgument above enforces the same rule for callers.
  const options = {
    document: document.toString(),
    variables: stripTypename(variables),
  } as unknown as RequestOptions<TVariables, TResult>;
  try {
    return await (await graphqlClient()).request<TResult, TVariables>(options);
  } catch (error) {
    handleAuthFailure(error, browserAuthEffects);
    throw error;
  }
}
