/**
 * A user's broker connections (issue 14 points 2, 3 and 8): connect with API keys (verified against the broker
 * before anything is written), list, verify, sync and disconnect.
 *
 * Rules:
 * - Only catalogue entries this app can connect (src/domain/brokers/catalogue.ts `connectable`) are accepted; any
 *   other is refused with not_available, never a fake success.
 * - At most BROKER_CONNECTS_PER_HOUR attempts per user reach the broker (too_many_requests after): each attempt
 *   with well-formed input is recorded (user, provider, time; nothing else) and counted.
 * - Credentials are checked by the broker first (Alpaca: GET /v2/account). Refused: BAD_USER_INPUT on `apiKey`,
 *   nothing written. The broker unreachable: broker_error, nothing written.
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
import { AlpacaTradingError } from './alpaca/tradingErrors';
import { createAlpacaTradingRest, type AlpacaAuth, type AlpacaTradingRest } from './alpaca/tradingRest';
import {
  accountSnapshot,
  openAuth,
  saveConnection,
  toView,
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
  alpaca: { paperUrl: string; liveUrl: string; fetch?: typeof fetch };
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

const CREDENTIAL_MAX = 256;
const MISSING = 'Please provide all required credentials';

function credential(value: unknown, field: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw badUserInput(`${field}: ${MISSING}`);
  if (text.length > CREDENTIAL_MAX) throw badUserInput(`${field}: at most ${CREDENTIAL_MAX} characters`);
  if (!/^[\x21-\x7e]+$/.test(text)) throw badUserInput(`${field}: letters, digits and symbols only, no spaces`);
  return text;
}

/** The refusal of the broker's answer as this module's errors (see the header). */
function brokerRefusal(error: unknown, name: string): AppError {
  if (error instanceof AlpacaTradingError && (error.status === 401 || error.status === 403)) {
    return badUserInput(`apiKey: ${name} refused these credentials`);
  }
  if (error instanceof AlpacaTradingError) return new AppError('broker_error', `${name} answered ${error.status}.`);
  return new AppError('broker_error', `${name} could not be reached; try again.`);
}

export function createBrokerConnections({ db, box, alpaca, now, connectLimit, onChange }: BrokerConnectionsDeps) {
  const changed = <T>(userId: string, result: T): T => {
    onChange?.(userId);
    return result;
  };
  const rest = (environment: BrokerEnvironment, auth: AlpacaAuth): AlpacaTradingRest =>
    createAlpacaTradingRest({
      baseUrl: environment === 'live' ? alpaca.liveUrl : alpaca.paperUrl,
      auth,
      fetch: alpaca.fetch,
    });

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
    try {
      const account = await rest(row.environment, openAuth(box, row)).account();
      update = {
        account: accountSnapshot(account),
        accountId: account.id,
        status: 'connected',
        statusMessage: null,
        lastSync: at,
        ...(verify && { isVerified: true, verifiedAt: at }),
      };
    } catch (error) {
      const message =
        error instanceof AlpacaTradingError && (error.status === 401 || error.status === 403)
          ? `${name} refused the stored credentials: connect again.`
          : error instanceof AlpacaTradingError
            ? `${name} answered ${error.status}.`
            : error instanceof Error && error.name === 'SecretUnreadableError'
              ? 'The stored credentials cannot be read on this server: connect again.'
              : `${name} could not be reached.`;
      update = { status: 'error', statusMessage: message, isVerified: false };
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
      if (input.environment !== 'paper' && input.environment !== 'live')
        throw badUserInput("environment: 'paper' or 'live'");
      const auth: AlpacaAuth = {
        kind: 'keys',
        keyId: credential(input.apiKey, 'apiKey'),
        secretKey: credential(input.apiSecret, 'apiSecret'),
      };
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
      const account = await rest(input.environment, auth)
        .account()
        .catch((error: unknown) => {
          throw brokerRefusal(error, entry.name);
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
     * Connects with an OAuth access token (./oauth.ts, once its state was checked): each environment the token opens
     * becomes a connection; environments that refuse it are skipped. None: broker_error.
     */
    async connectWithToken(
      userId: string,
      input: { provider: string; environments: readonly BrokerEnvironment[]; accessToken: string },
    ): Promise<BrokerConnectionView[]> {
      const auth: AlpacaAuth = { kind: 'oauth', accessToken: input.accessToken };
      const saved: BrokerConnectionView[] = [];
      for (const environment of input.environments) {
        const account = await rest(environment, auth)
          .account()
          .catch(() => null);
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
