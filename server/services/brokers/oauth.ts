/**
 * Connecting a broker by OAuth 2.0 authorization code (issue 14 point 4; Alpaca:
 * https://docs.alpaca.markets/docs/using-oauth2-and-trading-api).
 *
 * Rules:
 * - `initiate` (signed in) issues a `state` of 32 random bytes, stored only as its SHA-256, bound to the user, the
 *   broker, the account type and the redirect URI, valid 10 minutes, single use; at most OAUTH_STARTS_PER_HOUR per
 *   user. The authorization URL carries response_type=code, client_id, redirect_uri, state, scope
 *   ("account:write trading") and env (paper or live; left out for 'both', so the user is asked for both).
 *   Alpaca does not support PKCE; a provider that does would add code_challenge here.
 * - `complete` takes the state once (an unknown, expired, used or another user's state is refused the same way,
 *   and is used up), then exchanges the code at the token endpoint (form-encoded grant_type=authorization_code,
 *   code, client_id, client_secret, redirect_uri: from the server only) and connects each environment the token
 *   opens (./connections.ts `connectWithToken`). A provider error (`error`, `error_description`) uses the state up
 *   and is answered with the provider's description.
 * - An entry without OAuth, without an adapter, or a server without ALPACA_OAUTH_* is refused, never faked.
 * - Neither the code, the token nor the client secret is ever answered or logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { catalogueEntry } from '../../../src/domain/brokers/catalogue';
import type { Database } from '../../db/client';
import { oauthStates } from '../../db/schema';
import { AppError, badUserInput } from '../errors';
import { secondsUntilAllowed, tooManyRequests, type RateLimitRule } from '../rateLimits';
import type { BrokerConnections, BrokerConnectionView, BrokerEnvironment } from './connections';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const ALPACA_OAUTH_SCOPE = 'account:write trading';
export type OAuthAccountType = 'paper' | 'live' | 'both';

export interface AlpacaOAuthSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

export interface BrokerOAuthDeps {
  db: Database;
  connections: BrokerConnections;
  /** null: no OAuth app configured (API keys only). */
  alpaca: AlpacaOAuthSettings | null;
  startLimit: RateLimitRule;
  now: () => Date;
  fetch?: typeof fetch;
}

const hash = (state: string) => createHash('sha256').update(state).digest('hex');
const INVALID_STATE = 'state: this authorization is unknown, expired or already used; connect again';

export function createBrokerOAuth({
  db,
  connections,
  alpaca,
  startLimit,
  now,
  fetch: doFetch = fetch,
}: BrokerOAuthDeps) {
  function settingsFor(brokerId: unknown): AlpacaOAuthSettings {
    const entry = catalogueEntry(typeof brokerId === 'string' ? brokerId : '');
    if (!entry) throw badUserInput('brokerId: unknown broker');
    if (!entry.oauthEnabled) throw badUserInput(`brokerId: ${entry.name} connects with API credentials, not OAuth`);
    if (!entry.connectable) throw new AppError('not_available', `${entry.name} is not yet available in this app.`);
    if (!alpaca)
      throw new AppError(
        'not_available',
        'OAuth for Alpaca is not configured on this server; connect with API keys instead.',
      );
    return alpaca;
  }

  /** Takes the state once: the row when it is this user's, unused and not expired (used up either way). */
  async function takeState(userId: string, state: unknown) {
    if (typeof state !== 'string' || state.length < 20 || state.length > 200) throw badUserInput(INVALID_STATE);
    const at = now();
    const [row] = await db
      .update(oauthStates)
      .set({ usedAt: at })
      .where(and(eq(oauthStates.stateHash, hash(state)), isNull(oauthStates.usedAt)))
      .returning();
    if (!row || row.userId !== userId || row.expiresAt.getTime() <= at.getTime()) throw badUserInput(INVALID_STATE);
    return row;
  }

  return {
    /** Whether OAuth can be offered for this broker here (the client shows API keys otherwise). */
    available: (brokerId: string) => catalogueEntry(brokerId)?.oauthEnabled === true && alpaca !== null,

    async initiate(
      userId: string,
      input: { brokerId: unknown; accountType?: unknown },
      redirectUri: string,
    ): Promise<{ authorizationUrl: string; state: string }> {
      const settings = settingsFor(input.brokerId);
      const accountType = input.accountType ?? 'both';
      if (accountType !== 'paper' && accountType !== 'live' && accountType !== 'both')
        throw badUserInput("accountType: 'paper', 'live' or 'both'");
      const wait = await secondsUntilAllowed(
        db,
        {
          table: oauthStates,
          where: and(eq(oauthStates.userId, userId), gt(oauthStates.createdAt, new Date(0))),
          createdAt: oauthStates.createdAt,
          newestFirst: oauthStates.createdAt,
        },
        startLimit,
        now(),
      );
      if (wait > 0) throw tooManyRequests('broker authorizations', wait);
      const state = randomBytes(32).toString('base64url');
      const at = now();
      await db.insert(oauthStates).values({
        stateHash: hash(state),
        userId,
        brokerId: input.brokerId as string,
        accountType,
        redirectUri,
        expiresAt: new Date(at.getTime() + OAUTH_STATE_TTL_MS),
        createdAt: at,
      });
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', ALPACA_OAUTH_SCOPE);
      if (accountType !== 'both') url.searchParams.set('env', accountType);
      return { authorizationUrl: url.toString(), state };
    },

    async complete(
      userId: string,
      input: { code?: unknown; state?: unknown; error?: unknown; errorDescription?: unknown },
    ): Promise<{ brokerId: string; connections: BrokerConnectionView[] }> {
      const row = await takeState(userId, input.state);
      if (input.error !== undefined) {
        const description = typeof input.errorDescription === 'string' ? input.errorDescription.slice(0, 200) : '';
        throw badUserInput(`code: ${description || 'Authorization was cancelled or failed'}`);
      }
      if (typeof input.code !== 'string' || input.code === '' || input.code.length > 512)
        throw badUserInput('code: Invalid OAuth response. Missing required parameters.');
      const settings = settingsFor(row.brokerId);
      const response = await doFetch(settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: input.code,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uri: row.redirectUri,
        }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (!response) throw new AppError('broker_error', 'Failed to complete broker connection');
      const body = (await response.json().catch(() => ({}))) as {
        access_token?: string;
        error?: string;
        error_description?: string;
      };
      if (!response.ok || typeof body.access_token !== 'string' || body.access_token === '') {
        throw badUserInput(
          `code: ${(body.error_description ?? '').slice(0, 200) || 'Failed to complete broker connection'}`,
        );
      }
      const environments: BrokerEnvironment[] = row.accountType === 'both' ? ['paper', 'live'] : [row.accountType];
      const saved = await connections.connectWithToken(userId, {
        provider: row.brokerId,
        environments,
        accessToken: body.access_token,
      });
      return { brokerId: row.brokerId, connections: saved };
    },
  };
}

export type BrokerOAuth = ReturnType<typeof createBrokerOAuth>;
