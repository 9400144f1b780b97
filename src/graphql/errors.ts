/** Texts of spec §8 "Generic". */
export const NETWORK_ERROR_TEXT = 'Network error. Please check your connection.';
export const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred.';

/** Messages browsers give a fetch that never reached the server (Chromium, Firefox, Safari, React Native). */
const NETWORK_FAILURE_MESSAGE = /failed to fetch|networkerror|load failed|network request failed/i;

/** HTTP statuses of a gateway or proxy that could not reach the server. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** Words in a GraphQL error message that mean the request was not authenticated (spec §8). */
const AUTH_FAILURE_MESSAGE = /authentication|unauthorized/i;

interface ResponseLike {
  status?: unknown;
  errors?: unknown;
}

/** The `response` of a graphql-request ClientError (checked by shape, so tests need no real client). */
function clientResponse(error: unknown): ResponseLike | null {
  if (typeof error !== 'object' || error === null || !('response' in error)) return null;
  const { response } = error;
  return typeof response === 'object' && response !== null ? (response as ResponseLike) : null;
}

/** The messages of the GraphQL errors in a failed request, in order (empty when there are none). */
export function graphQLErrorMessages(error: unknown): string[] {
  const errors = clientResponse(error)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'message' in item && typeof item.message === 'string'
      ? [item.message]
      : [],
  );
}

/** True when the request never got a GraphQL answer: fetch failed, or a gateway could not reach the server. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof Error && NETWORK_FAILURE_MESSAGE.test(error.message)) return true;
  const response = clientResponse(error);
  return (
    response !== null &&
    graphQLErrorMessages(error).length === 0 &&
    typeof response.status === 'number' &&
    GATEWAY_STATUSES.has(response.status)
  );
}

/**
 * The text shown for a failed request (spec §8): the first GraphQL error message; else the network
 * text for network errors; else the generic text.
 */
export function errorText(error: unknown): string {
  const [first] = graphQLErrorMessages(error);
  if (first !== undefined && first.trim() !== '') return first;
  if (isNetworkError(error)) return NETWORK_ERROR_TEXT;
  return UNEXPECTED_ERROR_TEXT;
}

/** True when any GraphQL error message says the request was not authenticated. */
export function isAuthFailure(error: unknown): boolean {
  return graphQLErrorMessages(error).some((message) => AUTH_FAILURE_MESSAGE.test(message));
}

/** What the client does on an authentication failure; injectable so the rule can be tested. */
export interface AuthFailureEffects {
  hasStoredToken(): boolean;
  clearToken(): void;
  currentPath(): string;
  /** A full page load of `path` (not a client-side navigation: all state is dropped). */
  redirect(path: string): void;
}

/**
 * Spec §8: an authentication failure removes the stored token and sends the user to `/` with a full
 * redirect. When there was no token to drop and the page already is `/`, reloading would only loop,
 * so nothing more happens. Returns whether the error was an authentication failure.
 */
export function handleAuthFailure(error: unknown, effects: AuthFailureEffects): boolean {
  if (!isAuthFailure(error)) return false;
  const hadToken = effects.hasStoredToken();
  effects.clearToken();
  if (hadToken || effects.currentPath() !== '/') effects.redirect('/');
  return true;
}
