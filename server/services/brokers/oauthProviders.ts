/**
 * Each provider's OAuth app (./oauth.ts runs the flow; these say how its consent URL looks and how a code becomes
 * tokens).
 *
 * Rules:
 * - Alpaca (https://docs.alpaca.markets/docs/using-oauth2-and-trading-api): the consent URL carries
 *   response_type=code, client_id, redirect_uri, state, scope "account:write trading" and env (paper or live; left
 *   out for 'both'); the code is exchanged form-encoded with client_id and client_secret in the body. No PKCE.
 *   Its tokens do not expire (no refresh token).
 * - Tradier (./tradier/tradierOAuth.ts): client_id, scope read,write,trade and state (the redirect URI is the one
 *   registered with the app); the code is exchanged with HTTP Basic client credentials; the access token expires
 *   (about a day) and comes with a refresh token. No PKCE. Its tokens open live accounts only: one connection,
 *   live, whatever the account type asked (two rows sharing one refresh token would break at its first rotation).
 * - A refused exchange throws {@link OAuthExchangeError} with the provider's description only (never a code, token
 *   or the client secret); unreachable: broker_error.
 */
import { AppError } from '../errors';
import type { RefreshedTokens } from './connectionAdapter';
import type { BrokerEnvironment } from './connectionRows';
import { createTradierOAuth } from './tradier/tradierOAuth';

export const ALPACA_OAUTH_SCOPE = 'account:write trading';
export type OAuthAccountType = 'paper' | 'live' | 'both';

export interface OAuthAppSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  /** Alpaca: the token endpoint; Tradier: the API base holding /oauth/accesstoken and /oauth/refreshtoken. */
  tokenUrl: string;
}
/** Kept for the callers that name Alpaca's settings. */
export type AlpacaOAuthSettings = OAuthAppSettings;

export interface OAuthTokens extends Omit<RefreshedTokens, 'expiresAt'> {
  expiresAt: Date | null;
}

export interface OAuthProvider {
  authorizationUrl(state: string, redirectUri: string, accountType: OAuthAccountType): string;
  /** The environments a token of this account type is tried on (each one it opens becomes a connection). */
  environments(accountType: OAuthAccountType): BrokerEnvironment[];
  exchange(code: string, redirectUri: string): Promise<OAuthTokens>;
}

export class OAuthExchangeError extends Error {
  override name = 'OAuthExchangeError';
}

const FAILED = 'Failed to complete broker connection';

export function alpacaOAuthProvider(settings: OAuthAppSettings, doFetch: typeof fetch = fetch): OAuthProvider {
  return {
    authorizationUrl(state, redirectUri, accountType) {
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', ALPACA_OAUTH_SCOPE);
      if (accountType !== 'both') url.searchParams.set('env', accountType);
      return url.toString();
    },
    environments: (accountType) => (accountType === 'both' ? ['paper', 'live'] : [accountType]),
    async exchange(code, redirectUri) {
      const response = await doFetch(settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uri: redirectUri,
        }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (!response) throw new AppError('broker_error', FAILED);
      const body = (await response.json().catch(() => ({}))) as {
        access_token?: string;
        error_description?: string;
      };
      if (!response.ok || typeof body.access_token !== 'string' || body.access_token === '')
        throw new OAuthExchangeError((body.error_description ?? '').slice(0, 200) || FAILED);
      return { accessToken: body.access_token, refreshToken: null, expiresAt: null };
    },
  };
}

export function tradierOAuthProvider(settings: OAuthAppSettings, doFetch?: typeof fetch): OAuthProvider {
  const app = createTradierOAuth({ ...settings, tokenBaseUrl: settings.tokenUrl, fetch: doFetch });
  return {
    authorizationUrl: (state) => app.authorizationUrl(state),
    // Tradier's OAuth tokens are api.tradier.com's: the sandbox takes only its own tokens (the API-key path).
    environments: () => ['live'],
    async exchange(code) {
      const tokens = await app.exchangeCode(code).catch((error: unknown) => {
        throw error instanceof Error && error.name === 'TradierOAuthError'
          ? new OAuthExchangeError(FAILED)
          : new AppError('broker_error', FAILED);
      });
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
    },
  };
}
