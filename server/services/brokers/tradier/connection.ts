/**
 * Connecting Tradier (../connectionAdapter.ts). Every Tradier credential is a bearer access token: one from OAuth
 * (live accounts; it expires after about a day and is renewed with its refresh token, see ./tradierOAuth.ts), or a
 * personal access token the user copies from Tradier's dashboard (the only way to a sandbox (paper) account). The
 * API-credentials dialog takes that token as its API key; its secret field is not used by Tradier and not stored.
 *
 * Rules:
 * - The account is the connection's stored account number, else the token's first active account (./verify.ts);
 *   the connection's account id is Tradier's account number.
 * - Paper connections use TRADIER_SANDBOX_URL, live ones TRADIER_LIVE_URL.
 */
import type { ConnectionAdapter } from '../connectionAdapter';
import { credential } from '../connectionAdapter';
import { TradierError } from './tradierErrors';
import { createTradierOAuth, TradierOAuthError, type TradierOAuthSettings } from './tradierOAuth';
import { createTradierRest } from './tradierRest';
import { TRADIER_PROVIDER, verifyTradier } from './verify';

export interface TradierHosts {
  liveUrl: string;
  sandboxUrl: string;
  /** null: no OAuth app configured (personal access tokens only; nothing to refresh). */
  oauth: Omit<TradierOAuthSettings, 'fetch' | 'now'> | null;
  fetch?: typeof fetch;
}

export function tradierConnection(hosts: TradierHosts): ConnectionAdapter {
  const oauth = hosts.oauth && createTradierOAuth({ ...hosts.oauth, fetch: hosts.fetch });
  return {
    provider: TRADIER_PROVIDER,
    keysAuth: (input) => ({ kind: 'oauth', accessToken: credential(input.apiKey, 'apiKey') }),
    async readAccount(environment, auth, accountId) {
      const rest = createTradierRest({
        baseUrl: environment === 'live' ? hosts.liveUrl : hosts.sandboxUrl,
        accessToken: auth.kind === 'oauth' ? auth.accessToken : auth.keyId,
        fetch: hosts.fetch,
      });
      const { account, snapshot } = await verifyTradier(rest, accountId);
      return { accountId: account.account_number, snapshot };
    },
    answered: (error) => (error instanceof TradierError || error instanceof TradierOAuthError ? error.status : null),
    ...(oauth && { refreshTokens: oauth.refresh }),
  };
}
