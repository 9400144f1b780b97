/**
 * Connecting a broker by OAuth 2.0 authorization code (issue 14 point 4; each provider's app: ./oauthProviders.ts,
 * Alpaca and Tradier).
 *
 * Rules:
 * - `initiate` (signed in) issues a `state` of 32 random bytes, stored only as its SHA-256, bound to the user, the
 *   broker, the account type and the redirect URI, valid 10 minutes, single use; at most OAUTH_STARTS_PER_HOUR per
 *   user. The authorization URL is the provider's (./oauthProviders.ts). Neither Alpaca nor Tradier supports PKCE;
 *   a provider that does would add code_challenge there.
 * - `complete` takes the state once (an unknown, expired, used or another user's state is refused the same way,
 *   and is used up), then exchanges the code at the provider's token endpoint (from the server only) and connects
 *   each environment the token opens (with its refresh token and expiry) (./connections.ts `connectWithToken`). A provider error (`error`, `error_description`) uses the state up
 *   and is answered with the provider's description.
 * - An entry without OAuth, without an adapter, or a server without its OAuth app (ALPACA_OAUTH_*, TRADIER_OAUTH_*)
 *   is refused, never faked.
 * - Neither the code, the token nor the client secret is ever answered or logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { catalogueEntry } from '../../../src/domain/brokers/catalogue';
import type { Database } from '../../db/client';
import { oauthStates } from '../../db/schema';
import { AppError, badUserInput } from '../errors';
import { secondsUntilAllowed, tooManyRequests, type RateLimitRule } from '../rateLimits';
import type { BrokerConnections, BrokerConnectionView } from './connections';
import {
  alpacaOAuthProvider,
  OAuthExchangeError,
  tradierOAuthProvider,
  type OAuthAppSettings,
  type OAuthProvider,
} from './oauthProviders';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export { ALPACA_OAUTH_SCOPE, type AlpacaOAuthSettings, type OAuthAccountType } from './oauthProviders';

export interface BrokerOAuthDeps {
  db: Database;
  connections: BrokerConnections;
  /** Each provider's OAuth app; null or absent: none configured (API keys only). */
  alpaca: OAuthAppSettings | null;
  tradier?: OAuthAppSettings | null;
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
  tradier,
  startLimit,
  now,
  fetch: doFetch = fetch,
}: BrokerOAuthDeps) {
  const providers = new Map<string, OAuthProvider>();
  if (alpaca) providers.set('alpaca', alpacaOAuthProvider(alpaca, doFetch));
  if (tradier) providers.set('tradier', tradierOAuthProvider(tradier, doFetch));

  function settingsFor(brokerId: unknown): OAuthProvider {
    const entry = catalogueEntry(typeof brokerId === 'string' ? brokerId : '');
    if (!entry) throw badUserInput('brokerId: unknown broker');
    if (!entry.oauthEnabled) throw badUserInput(`brokerId: ${entry.name} connects with API credentials, not OAuth`);
    if (!entry.connectable) throw new AppError('not_available', `${entry.name} is not yet available in this app.`);
    const provider = providers.get(entry.id);
    if (!provider)
      throw new AppError(
        'not_available',
        `OAuth for ${entry.name} is not configured on this server; connect with API keys instead.`,
      );
    return provider;
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
    available: (brokerId: string) => catalogueEntry(brokerId)?.oauthEnabled === true && providers.has(brokerId),

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
      return { authorizationUrl: settings.authorizationUrl(state, redirectUri, accountType), state };
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
      const tokens = await settings.exchange(input.code, row.redirectUri).catch((error: unknown) => {
        throw error instanceof OAuthExchangeError ? badUserInput(`code: ${error.message}`) : error;
      });
      const environments = settings.environments(row.accountType);
      const saved = await connections.connectWithToken(userId, {
        provider: row.brokerId,
        environments,
        ...tokens,
      });
      return { brokerId: row.brokerId, connections: saved };
    },
  };
}

export type BrokerOAuth = ReturnType<typeof createBrokerOAuth>;
