import { readStored, removeStored, writeStored, type KeyValueStorage } from '../../lib/storage';
import { restJson } from '../accounts/brokersRest';

/** sessionStorage key of the state of the OAuth flow this tab started (spec §4 "OAuth callback"). */
export const OAUTH_STATE_KEY = 'oauthState';

function tabStorage(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function storedOAuthState(storage = tabStorage()): string | null {
  return readStored(OAUTH_STATE_KEY, storage);
}

export function clearOAuthState(storage = tabStorage()): void {
  removeStored(OAUTH_STATE_KEY, storage);
}

/**
 * Starts a broker's OAuth flow (spec §4 "Broker connect"): POST /api/oauth/initiate for paper and live accounts,
 * keeps the returned state in this tab and leaves for the provider's consent page. A refusal (409: no OAuth app
 * configured here) is thrown as a RestError for the caller to show.
 */
export async function startOAuth(brokerId: string): Promise<void> {
  const { authorizationUrl, state } = await restJson<{ authorizationUrl: string; state: string }>(
    'POST',
    '/api/oauth/initiate',
    { brokerId, accountType: 'both' },
  );
  writeStored(OAUTH_STATE_KEY, state, tabStorage());
  window.location.assign(authorizationUrl);
}

export interface OAuthConnectedAccount {
  id: string;
  accountNumber: string;
  paperTrading: boolean;
}

/** POST /api/oauth/callback: the code exchanged (or the provider's error reported) for the state. */
export function postOAuthCallback(
  body: { code: string; state: string } | { state: string; error: string; error_description?: string },
): Promise<{ success: boolean; brokerId: string; connections: OAuthConnectedAccount[] }> {
  return restJson('POST', '/api/oauth/callback', body);
}
