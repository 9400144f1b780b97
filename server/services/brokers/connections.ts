/**
 * A user's broker connections (issue 14 points 2, 3 and 8): connect with API keys (verified against the broker
 * before anything is written), list, verify, sync and disconnect.
 *
 * Rules:
 * - Only catalogue entries this app can connect (src/domain/brokers/catalogue.ts `connectable`) are accepted; any
 *   other is refused with not_available, never a fake success.
 * - At most BROKER_CONNECTS_PER_HOUR attempts per user reach the broker (too_many_requests after): each attempt
 *   with well-formed input is recorded (user, provider, time; nothing else) and counted.
 * - Each provider's part is its adapter (./connectionAdapter.ts: the dialog's fields, reading the account, its
 *   refusals); a connectable entry without one is not_available too.
 * - Credentials are checked by the broker first (Alpaca: GET /v2/account; Tradier: the token's profile and the
 *   account's balances). Refused: BAD_USER_INPUT on `apiKey`, nothing written. The broker unreachable: broker_error,
 *   nothing written.
 * - OAuth tokens are stored with their refresh token and expiry; sync and verify renew an expiring one first
 *   (./connectionAuth.ts, the rotated pair saved in one UPDATE).
 * - Secrets are sealed (../secrets/sealing.ts) with the context `broker-connection:<userId>:<id>:<field>`, so a
 *   sealed value copied into another user's row or field does not open. They never leave this module: a view has
 *   no secret, sealed or not.
 * - Connecting again to the same provider and environment replaces that connection's secrets (same id).
 * - Another user's connection id is NOT_FOUND. Disconnect deletes the row, secrets included.
 * - Sync and verify read the account again; a refusal marks the connection `error` with the broker's reason and
 *   unverified (the row stays, so the user sees why and can connect again).
 */
import { and, asc, eq } from 'drizzle-orm';
import { catalogueEntry } from '../../../src/domain/brokers/catalogue';
import type { Database } from '../../db/client';
import { brokerConnectAttempts, brokerConnections } from '../../db/schema';
import { AppError, badUserInput, notFound } from '../errors';
import { secondsUntilAllowed, tooManyRequests, type RateLimitRule } from '../rateLimits';
import type { SecretBox } from '../secrets/sealing';
import { isUuid } from '../trading/ordersInput';
import type { ConnectionAdapter } from './connectionAdapter';
import type { ConnectionAuth } from './connectionAuth';
import {
  saveConnection,
  toView,
  type BrokerAuth,
  type BrokerConnectionView,
  type BrokerEnvironment,
  type ConnectionRow,
} from './connectionRows';

export type { BrokerConnectionView, BrokerEnvironment };

export interface BrokerConnectionsDeps {
  db: Database;
  /** BROKER_CONNECTS_PER_HOUR: connect attempts per user (each one calls the broker). */
  connectLimit: RateLimitRule;
  box: SecretBox;
  /** The providers this app connects (one adapter each). */
  adapters: readonly ConnectionAdapter[];
  /** Opens a row's credentials, renewing an expiring OAuth token first. */
  credentials: ConnectionAuth;
  now: () => Date;
  /** A connection of the user was saved, verified, synced or removed (the live mode and streams read them again). */
  onChange?: (userId: string) => void;
}

export interface ConnectWithKeysInput {
  provider: string;
  environment: BrokerEnvironment;
  apiKey: string;
  apiSecret: string;
}

type Row = ConnectionRow;

/** The refusal of the broker's answer as this module's errors (see the header). */
function brokerRefusal(status: number | null, name: string): AppError {
  if (status === 401 || status === 403) return badUserInput(`apiKey: ${name} refused these credentials`);
  if (status !== null) return new AppError('broker_error', `${name} answered ${status}.`);
  return new AppError('broker_error', `${name} could not be reached; try again.`);
}

/** Why reading a stored connection's account failed, as its status message. */
function statusMessage(error: unknown, status: number | null, name: string): string {
  if (status === 401 || status === 403) return `${name} refused the stored credentials: connect again.`;
  if (status !== null) return `${name} answered ${status}.`;
  if (error instanceof AppError) return error.message;
  if (error instanceof Error && error.name === 'SecretUnreadableError')
    return 'The stored credentials cannot be read on this server: connect again.';
  return `${name} could not be reached.`;
}

export function createBrokerConnections(deps: BrokerConnectionsDeps) {
  const { db, box, now, connectLimit, onChange, credentials } = deps;
  const adapters = new Map(deps.adapters.map((adapter) => [adapter.provider, adapter]));
  const changed = <T>(userId: string, result: T): T => {
    onChange?.(userId);
    return result;
  };
  const adapterOf = (provider: string): ConnectionAdapter => {
    const adapter = adapters.get(provider);
    if (!adapter)
      throw new AppError(
        'not_available',
        `${catalogueEntry(provider)?.name ?? provider} is not yet available in this app.`,
      );
    return adapter;
  };

  async function ownRow(userId: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound('broker connection');
    const [row] = await db
      .select()
      .from(brokerConnections)
      .where(and(eq(brokerConnections.id, id), eq(brokerConnections.userId, userId)));
    if (!row) throw notFound('broker connection');
    return row;
  }

  /** Reads the account again and stores what the broker said (verified or refused). */
  async function refresh(row: Row, verify: boolean): Promise<BrokerConnectionView> {
    const name = catalogueEntry(row.provider)?.name ?? row.provider;
    const at = now();
    let update: Partial<Row>;
    const adapter = adapterOf(row.provider);
    try {
      const fresh = await credentials.fresh(row);
      const account = await adapter.readAccount(row.environment, fresh.auth, row.accountId);
      update = {
        account: account.snapshot,
        accountId: account.accountId,
        status: 'connected',
        statusMessage: null,
        lastSync: at,
        ...(verify && { isVerified: true, verifiedAt: at }),
      };
    } catch (error) {
      update = {
        status: 'error',
        statusMessage: statusMessage(error, adapter.answered(error), name),
        isVerified: false,
      };
    }
    const [saved] = await db
      .update(brokerConnections)
      .set({ ...update, updatedAt: at })
      .where(and(eq(brokerConnections.id, row.id), eq(brokerConnections.userId, row.userId)))
      .returning();
    if (!saved) throw notFound('broker connection');
    return changed(row.userId, toView(saved));
  }

  return {
    async list(userId: string): Promise<BrokerConnectionView[]> {
      const rows = await db
        .select()
        .from(brokerConnections)
        .where(eq(brokerConnections.userId, userId))
        .orderBy(asc(brokerConnections.createdAt));
      return rows.map(toView);
    },

    async connectWithKeys(userId: string, input: ConnectWithKeysInput): Promise<BrokerConnectionView> {
      const entry = catalogueEntry(typeof input.provider === 'string' ? input.provider : '');
      if (!entry) throw badUserInput('provider: unknown broker');
      if (!entry.connectable) throw new AppError('not_available', `${entry.name} is not yet available in this app.`);
      const adapter = adapterOf(entry.id);
      if (input.environment !== 'paper' && input.environment !== 'live')
        throw badUserInput("environment: 'paper' or 'live'");
      const auth = adapter.keysAuth(input);
      // Counted before the call (a few racing attempts may pass; the next ones wait), recorded whatever the answer.
      const wait = await secondsUntilAllowed(
        db,
        {
          table: brokerConnectAttempts,
          where: eq(brokerConnectAttempts.userId, userId),
          createdAt: brokerConnectAttempts.createdAt,
          newestFirst: brokerConnectAttempts.createdAt,
        },
        connectLimit,
        now(),
      );
      if (wait > 0) throw tooManyRequests('attempts to connect a broker', wait);
      await db.insert(brokerConnectAttempts).values({ userId, provider: entry.id, createdAt: now() });
      const account = await adapter.readAccount(input.environment, auth).catch((error: unknown) => {
        throw error instanceof AppError ? error : brokerRefusal(adapter.answered(error), entry.name);
      });
      return changed(
        userId,
        await saveConnection(
          { db, box, at: now() },
          { userId, provider: entry.id, environment: input.environment },
          auth,
          account,
        ),
      );
    },

    /**
     * Connects with OAuth tokens (./oauth.ts, once its state was checked): each environment the token opens becomes a
     * connection (with the refresh token and expiry, when given); environments that refuse it are skipped. None:
     * broker_error.
     */
    async connectWithToken(
      userId: string,
      input: {
        provider: string;
        environments: readonly BrokerEnvironment[];
        accessToken: string;
        refreshToken?: string | null;
        expiresAt?: Date | null;
      },
    ): Promise<BrokerConnectionView[]> {
      const adapter = adapterOf(input.provider);
      const auth: BrokerAuth = {
        kind: 'oauth',
        accessToken: input.accessToken,
        refreshToken: input.refreshToken ?? null,
        expiresAt: input.expiresAt ?? null,
      };
      const saved: BrokerConnectionView[] = [];
      for (const environment of input.environments) {
        const account = await adapter.readAccount(environment, auth).catch(() => null);
        if (account)
          saved.push(
            await saveConnection(
              { db, box, at: now() },
              { userId, provider: input.provider, environment },
              auth,
              account,
            ),
          );
      }
      if (saved.length === 0) throw new AppError('broker_error', 'Failed to complete broker connection');
      return changed(userId, saved);
    },

    async verify(userId: string, id: string): Promise<BrokerConnectionView> {
      return refresh(await ownRow(userId, id), true);
    },

    async sync(userId: string, id: string): Promise<BrokerConnectionView> {
      return refresh(await ownRow(userId, id), false);
    },

    async disconnect(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) throw notFound('broker connection');
      const deleted = await db
        .delete(brokerConnections)
        .where(and(eq(brokerConnections.id, id), eq(brokerConnections.userId, userId)))
        .returning({ id: brokerConnections.id });
      if (deleted.length === 0) throw notFound('broker connection');
      return changed(userId, true);
    },
  };
}

export type BrokerConnections = ReturnType<typeof createBrokerConnections>;
