/**
 * What the OAuth callback screen does with the URL the provider sent the user back to (spec §2 "OAuth callback
 * screen", §4 "OAuth callback", §5 "OAuth callback validation", §8, §9 "OAuth redirect delay").
 *
 * Rules:
 * - An `error` from the provider wins: the screen shows its `error_description`, else 'Authorization was cancelled
 *   or failed', and still posts the state with the error (when there is one) so the server uses the state up.
 * - Otherwise code and state must both be present, else 'Invalid OAuth response. Missing required parameters.'
 *   (nothing is posted).
 * - Otherwise the code is exchanged (POST /api/oauth/callback); a refusal shows the server's message, else
 *   'Failed to complete broker connection'.
 * - Then it redirects: to /onboarding when the state stored before leaving equals the returned state, otherwise to
 *   the app's settings screen (the spec's /dashboard/settings is /settings in this app's router); after 2 s on
 *   success and 3 s on error.
 */
import { OAUTH_REDIRECT_DELAY_ERROR_MS, OAUTH_REDIRECT_DELAY_SUCCESS_MS } from '../../domain/constants';

export const INVALID_OAUTH_RESPONSE_TEXT = 'Invalid OAuth response. Missing required parameters.';
export const AUTHORIZATION_FAILED_TEXT = 'Authorization was cancelled or failed';
export const CALLBACK_FAILED_TEXT = 'Failed to complete broker connection';

/** The spec's /dashboard/settings: the settings route of this app. */
export const SETTINGS_PATH = '/settings';
export const ONBOARDING_PATH = '/onboarding';

export interface CallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export type CallbackStart =
  | { kind: 'invalid'; message: string }
  /** The provider refused; `report` is the body to post so the server uses the state up (null: no state). */
  | { kind: 'denied'; message: string; report: { state: string; error: string; error_description?: string } | null }
  | { kind: 'exchange'; code: string; state: string };

/** The callback's parameters from the query string (empty values count as missing). */
export function readCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const read = (name: string) => {
    const value = params.get(name)?.trim();
    return value ? value : null;
  };
  return {
    code: read('code'),
    state: read('state'),
    error: read('error'),
    errorDescription: read('error_description'),
  };
}

export function callbackStart({ code, state, error, errorDescription }: CallbackParams): CallbackStart {
  if (error !== null) {
    return {
      kind: 'denied',
      message: errorDescription ?? AUTHORIZATION_FAILED_TEXT,
      report:
        state === null
          ? null
          : { state, error, ...(errorDescription === null ? {} : { error_description: errorDescription }) },
    };
  }
  if (code === null || state === null) return { kind: 'invalid', message: INVALID_OAUTH_RESPONSE_TEXT };
  return { kind: 'exchange', code, state };
}

export interface CallbackRedirect {
  path: string;
  delayMs: number;
}

/** Where and when the screen goes once it has an outcome. */
export function callbackRedirect(
  outcome: 'success' | 'error',
  storedState: string | null,
  returnedState: string | null,
): CallbackRedirect {
  const fromOnboarding = storedState !== null && returnedState !== null && storedState === returnedState;
  return {
    path: fromOnboarding ? ONBOARDING_PATH : SETTINGS_PATH,
    delayMs: outcome === 'success' ? OAUTH_REDIRECT_DELAY_SUCCESS_MS : OAUTH_REDIRECT_DELAY_ERROR_MS,
  };
}
