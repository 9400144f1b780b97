/**
 * A connection's credentials ready for a call (issue 14 point 3): an OAuth access token about to expire is renewed
 * first, and the rotated pair saved atomically.
 *
 * Rules:
 * - A token expiring within REFRESH_BEFORE_MS (or expired) is renewed with its refresh token through the provider's
 *   adapter (../connectionAdapter.ts `refreshTokens`); tokens without an expiry or refresh token are used as they are.
 * - The new access token, the refresh token to keep and the expiry are written in ONE UPDATE, only while the row
 *   still holds the refresh token that was used (compare and set): never an access token without its refresh token.
 * - Renewals of one connection in this process share one call. A renewal that lost a race (the row holds another
 *   pair: another request or process renewed it) uses the row's pair. A refused renewal is broker_error asking the
 *   user to connect again; nothing is written.
 * - No token, refresh token or client secret is in a message or a log line.
 */
import { and, eq } from 'drizzle-orm';
import { catalogueEntry } from '../../../src/domain/brokers/catalogue';
import type { Database } from '../../db/client';
import { brokerConnections } from '../../db/schema';
import { AppError, notFound } from '../errors';
import type { SecretBox } from '../secrets/sealing';
import type { ConnectionAdapter } from './connectionAdapter';
import { openAuth, sealedTokens, type BrokerAuth, type ConnectionRow } from './connectionRows';

export const REFRESH_BEFORE_MS = 5 * 60_000;

export interface FreshCredentials {
  row: ConnectionRow;
  auth: BrokerAuth;
}

export function createConnectionAuth(deps: {
  db: Database;
  box: SecretBox;
  now: () => Date;
  adapters: readonly ConnectionAdapter[];
}) {
  const { db, box, now } = deps;
  const adapters = new Map(deps.adapters.map((adapter) => [adapter.provider, adapter]));
  const renewing = new Map<string, Promise<FreshCredentials>>();

  async function renew(row: ConnectionRow, refreshToken: string, adapter: ConnectionAdapter) {
    const refresh = adapter.refreshTokens!;
    const tokens = await refresh(refreshToken).catch(() => null);
    if (tokens) {
      const [saved] = await db
        .update(brokerConnections)
        .set({ ...sealedTokens(box, row, tokens), updatedAt: now() })
        .where(
          and(
            eq(brokerConnections.id, row.id),
            eq(brokerConnections.userId, row.userId),
            eq(brokerConnections.sealedRefreshToken, row.sealedRefreshToken ?? ''),
          ),
        )
        .returning();
      if (saved) return { row: saved, auth: openAuth(box, saved) };
    }
    const [current] = await db
      .select()
      .from(brokerConnections)
      .where(and(eq(brokerConnections.id, row.id), eq(brokerConnections.userId, row.userId)));
    if (!current) throw notFound('broker connection');
    if (current.sealedRefreshToken !== row.sealedRefreshToken) return { row: current, auth: openAuth(box, current) };
    const name = catalogueEntry(row.provider)?.name ?? row.provider;
    throw new AppError('broker_error', `${name} did not renew the authorization: connect again.`);
  }

  return {
    /** The row's credentials, renewed first when its access token is about to expire. */
    async fresh(row: ConnectionRow): Promise<FreshCredentials> {
      const auth = openAuth(box, row);
      const adapter = adapters.get(row.provider);
      const due =
        auth.kind === 'oauth' &&
        auth.expiresAt != null &&
        auth.expiresAt.getTime() - now().getTime() < REFRESH_BEFORE_MS;
      if (!due || !auth.refreshToken || !adapter?.refreshTokens) return { row, auth };
      let pending = renewing.get(row.id);
      if (!pending) {
        pending = renew(row, auth.refreshToken, adapter).finally(() => renewing.delete(row.id));
        renewing.set(row.id, pending);
      }
      return pending;
    },
  };
}

export type ConnectionAuth = ReturnType<typeof createConnectionAuth>;
