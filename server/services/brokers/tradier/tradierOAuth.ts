/**
 * Tradier's OAuth 2.0 authorization code flow (https://documentation.tradier.com/brokerage-api/oauth): the user
 * approves at https://api.tradier.com/v1/oauth/authorize?client_id&scope&state and Tradier redirects to the
 * callback URL registered with the app, with code and state. The code is exchanged at POST /oauth/accesstoken and
 * the access token renewed at POST /oauth/refreshtoken, both with HTTP Basic client_id:client_secret and a
 * form-encoded body.
 *
 * Rules:
 * - Scope: read,write,trade (comma-separated, Tradier's separator). Tradier does not document PKCE: none is sent.
 * - A token answer gives the access token, its lifetime (expires_in seconds, from issued_at or now) and a refresh
 *   token. A refresh MAY rotate the refresh token: the result always carries the refresh token to keep (the new
 *   one, else the one just used), and the caller saves it with the access token in one write, never one alone.
 * - A refused exchange or refresh throws {@link TradierOAuthError} with the status and Tradier's error code
 *   only: never the code, a token or the client secret, which appear in no message or log.
 */
import type { TradierTokenResponse } from './wire';

export const TRADIER_OAUTH_SCOPE = 'read,write,trade';

export interface TradierOAuthSettings {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api.tradier.com/v1/oauth/authorize */
  authorizeUrl: string;
  /** The API base holding /oauth/accesstoken and /oauth/refreshtoken, e.g. https://api.tradier.com/v1 */
  tokenBaseUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface TradierTokens {
  accessToken: string;
  /** The refresh token to keep (a rotated one, else the one used); null when Tradier issued none. */
  refreshToken: string | null;
  expiresAt: Date;
  scope: string | null;
}

export class TradierOAuthError extends Error {
  override name = 'TradierOAuthError';
  constructor(
    readonly status: number,
    /** Tradier's error code (e.g. invalid_grant), never a secret. */
    readonly code: string,
  ) {
    super(`Tradier OAuth answered ${status}${code ? ` (${code})` : ''}`);
  }
}

export function createTradierOAuth(settings: TradierOAuthSettings) {
  const doFetch = settings.fetch ?? fetch;
  const now = settings.now ?? (() => new Date());
  const basic = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;

  async function token(path: string, form: Record<string, string>, previousRefresh: string | null) {
    const response = await doFetch(`${settings.tokenBaseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        authorization: basic,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<TradierTokenResponse> & { error?: unknown };
    if (!response.ok || typeof body.access_token !== 'string' || body.access_token === '') {
      const code = typeof body.error === 'string' ? body.error.replace(/[^\w.-]/g, '').slice(0, 60) : '';
      throw new TradierOAuthError(response.status, code || (response.ok ? 'no_access_token' : ''));
    }
    const issued = body.issued_at ? Date.parse(body.issued_at) : NaN;
    const from = Number.isFinite(issued) ? issued : now().getTime();
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : previousRefresh,
      expiresAt: new Date(from + Math.max(0, Number(body.expires_in) || 0) * 1000),
      scope: typeof body.scope === 'string' ? body.scope : null,
    } satisfies TradierTokens;
  }

  return {
    /** Where to send the user's browser; `state` is the caller's single-use value. */
    authorizationUrl(state: string): string {
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('scope', TRADIER_OAUTH_SCOPE);
      url.searchParams.set('state', state);
      return url.toString();
    },
    exchangeCode: (code: string): Promise<TradierTokens> =>
      token('/oauth/accesstoken', { grant_type: 'authorization_code', code }, null),
    /** A new access token; save `accessToken` and `refreshToken` together (the refresh token may be new). */
    refresh: (refreshToken: string): Promise<TradierTokens> =>
      token('/oauth/refreshtoken', { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken),
  };
}

export type TradierOAuth = ReturnType<typeof createTradierOAuth>;
