/**
 * The rows of broker_connections: how one is shown (never a secret), how its credentials are sealed and opened, and
 * how a verified connection is saved (server/services/brokers/connections.ts and oauth.ts use these).
 *
 * Rules:
 * - A secret is sealed with the context `broker-connection:<userId>:<id>:<field>` (../secrets/sealing.ts), so it
 *   opens only in its own row and field.
 * - Saving a connection to a provider and environment the user already has replaces that row's credentials (same
 *   id); two requests racing to create it end with one row whose secrets open (the loser seals again for the
 *   winner's id).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { catalogueEntry } from '../../../src/domain/brokers/catalogue';
import type { BrokerInfo } from '../../../src/domain/trading/broker';
import type { Database } from '../../db/client';
import { brokerConnections, type BrokerAccountSnapshot } from '../../db/schema';
import { AppError } from '../errors';
import type { SecretBox } from '../secrets/sealing';

export type BrokerEnvironment = 'paper' | 'live';

/**
 * A connection's credentials, opened: API key and secret, or a bearer access token (OAuth, or a broker's personal
 * token) with, for OAuth, the refresh token and when the access token expires.
 */
export type BrokerAuth =
  | { kind: 'keys'; keyId: string; secretKey: string }
  | { kind: 'oauth'; accessToken: string; refreshToken?: string | null; expiresAt?: Date | null };

/** What the broker said of the account credentials open: its own account id and the balances to store. */
export interface AccountRead {
  accountId: string;
  snapshot: BrokerAccountSnapshot;
}
export type ConnectionRow = typeof brokerConnections.$inferSelect;

/** A connection as the API shows it (spec §3 Broker connection): never a secret. */
export interface BrokerConnectionView {
  id: string;
  provider: string;
  accountNumber: string;
  isConnected: boolean;
  paperTrading: boolean;
  isVerified: boolean;
  status: 'connected' | 'error';
  statusMessage: string | null;
  lastSyncAt: string | null;
  lastVerified: string | null;
  account: (BrokerAccountSnapshot & { id: string; brokerId: string }) | null;
}

export function toView(row: ConnectionRow): BrokerConnectionView {
  return {
    id: row.id,
    provider: row.provider,
    accountNumber: row.account?.accountNumber ?? '',
    isConnected: row.status === 'connected',
    paperTrading: row.environment === 'paper',
    isVerified: row.isVerified,
    status: row.status,
    statusMessage: row.statusMessage,
    lastSyncAt: row.lastSync?.toISOString() ?? null,
    lastVerified: row.verifiedAt?.toISOString() ?? null,
    account: row.account ? { ...row.account, id: row.accountId, brokerId: row.provider } : null,
  };
}

/**
 * A connection as the trading mode lists it (a BrokerInfo: id is the connection's id, balances from the stored
 * snapshot). It is active, the one orders of its environment go to, while connected and verified.
 */
export function connectionBroker(row: ConnectionRow): BrokerInfo {
  const name = catalogueEntry(row.provider)?.name ?? row.provider;
  return {
    id: row.id,
    name: `${name} (${row.environment === 'live' ? 'Live' : 'Paper'})`,
    environment: row.environment,
    isActive: row.status === 'connected' && row.isVerified,
    isVerified: row.isVerified,
    connectionStatus: row.status,
    accountId: row.accountId,
    buyingPower: row.account?.buyingPower ?? null,
    portfolioValue: row.account?.portfolioValue ?? null,
    lastVerified: row.verifiedAt?.toISOString() ?? null,
    lastSync: row.lastSync?.toISOString() ?? null,
  };
}

const context = (userId: string, id: string, field: string) => `broker-connection:${userId}:${id}:${field}`;

/** The stored credentials of a connection, opened (never to leave the server). */
export function openAuth(box: SecretBox, row: ConnectionRow): BrokerAuth {
  if (row.authKind === 'oauth') {
    return {
      kind: 'oauth',
      accessToken: box.open(row.sealedAccessToken ?? '', context(row.userId, row.id, 'accessToken')),
      refreshToken: row.sealedRefreshToken
        ? box.open(row.sealedRefreshToken, context(row.userId, row.id, 'refreshToken'))
        : null,
      expiresAt: row.tokenExpiresAt,
    };
  }
  return {
    kind: 'keys',
    keyId: box.open(row.sealedApiKey ?? '', context(row.userId, row.id, 'apiKey')),
    secretKey: box.open(row.sealedApiSecret ?? '', context(row.userId, row.id, 'apiSecret')),
  };
}

/** The columns of a token pair, sealed for its row (written together, never one alone). */
export function sealedTokens(
  box: SecretBox,
  row: { userId: string; id: string },
  tokens: { accessToken: string; refreshToken?: string | null; expiresAt?: Date | null },
) {
  return {
    sealedAccessToken: box.seal(tokens.accessToken, context(row.userId, row.id, 'accessToken')),
    sealedRefreshToken: tokens.refreshToken
      ? box.seal(tokens.refreshToken, context(row.userId, row.id, 'refreshToken'))
      : null,
    tokenExpiresAt: tokens.expiresAt ?? null,
  };
}

function sealedAuth(box: SecretBox, userId: string, id: string, auth: BrokerAuth) {
  return auth.kind === 'keys'
    ? {
        authKind: 'keys' as const,
        sealedApiKey: box.seal(auth.keyId, context(userId, id, 'apiKey')),
        sealedApiSecret: box.seal(auth.secretKey, context(userId, id, 'apiSecret')),
        sealedAccessToken: null,
        sealedRefreshToken: null,
        tokenExpiresAt: null,
      }
    : {
        authKind: 'oauth' as const,
        sealedApiKey: null,
        sealedApiSecret: null,
        ...sealedTokens(box, { userId, id }, auth),
      };
}

/** Saves a connection the broker just verified (`account` is its answer), replacing the user's previous one. */
export async function saveConnection(
  { db, box, at }: { db: Database; box: SecretBox; at: Date },
  target: { userId: string; provider: string; environment: BrokerEnvironment },
  auth: BrokerAuth,
  account: AccountRead,
): Promise<BrokerConnectionView> {
  const { userId, provider, environment } = target;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [existing] = await db
      .select({ id: brokerConnections.id })
      .from(brokerConnections)
      .where(
        and(
          eq(brokerConnections.userId, userId),
          eq(brokerConnections.provider, provider),
          eq(brokerConnections.environment, environment),
        ),
      );
    const id = existing?.id ?? randomUUID();
    const values = {
      ...sealedAuth(box, userId, id, auth),
      accountId: account.accountId,
      account: account.snapshot,
      status: 'connected' as const,
      statusMessage: null,
      isVerified: true,
      verifiedAt: at,
      lastSync: at,
      updatedAt: at,
    };
    const [saved] = existing
      ? await db
          .update(brokerConnections)
          .set(values)
          .where(and(eq(brokerConnections.id, id), eq(brokerConnections.userId, userId)))
          .returning()
      : await db
          .insert(brokerConnections)
          .values({ id, userId, provider, environment, ...values })
          .onConflictDoNothing()
          .returning();
    // Another request created the same connection meanwhile: seal again for the id it created.
    if (saved) return toView(saved);
  }
  throw new AppError('broker_error', 'The connection changed meanwhile; try again.');
}
