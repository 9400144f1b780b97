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
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { catalogueEntry } from '../../../src/domain/brokers/catalogue';
import type { Database } from '../../db/client';
import { brokerConnectAttempts, brokerConnections, type BrokerAccountSnapshot } from '../../db/schema';
import { AppError, badUserInput, notFound } from '../errors';
import { secondsUntilAllowed, tooManyRequests, type RateLimitRule } from '../rateLimits';
import type { SecretBox } from '../secrets/sealing';
import { isUuid } from '../trading/ordersInput';
import { AlpacaTradingError } from './alpaca/tradingErrors';
import { createAlpacaTradingRest, type AlpacaAuth, type AlpacaTradingRest } from './alpaca/tradingRest';
import type { AlpacaAccount } from './alpaca/wire';

export type BrokerEnvironment = 'paper' | 'live';

export interface BrokerConnectionsDeps {
  db: Database;
  /** BROKER_CONNECTS_PER_HOUR: connect attempts per user (each one calls the broker). */
  connectLimit: RateLimitRule;
  box: SecretBox;
  alpaca: { paperUrl: string; liveUrl: string; fetch?: typeof fetch };
  now: () => Date;
}

export interface ConnectWithKeysInput {
  provider: string;
  environment: BrokerEnvironment;
  apiKey: string;
  apiSecret: string;
}

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

type Row = typeof brokerConnections.$inferSelect;

const CREDENTIAL_MAX = 256;
const MISSING = 'Please provide all required credentials';

function credential(value: unknown, field: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw badUserInput(`${field}: ${MISSING}`);
  if (text.length > CREDENTIAL_MAX) throw badUserInput(`${field}: at most ${CREDENTIAL_MAX} characters`);
  if (!/^[\x21-\x7e]+$/.test(text)) throw badUserInput(`${field}: letters, digits and symbols only, no spaces`);
  return text;
}

export function accountSnapshot(account: AlpacaAccount): BrokerAccountSnapshot {
  return {
    accountNumber: account.account_number,
    buyingPower: Number(account.buying_power),
    portfolioValue: Number(account.equity),
    cashBalance: Number(account.cash),
    dayTradeCount: account.daytrade_count,
    isPatternDayTrader: account.pattern_day_trader,
    marginUsed: Number(account.initial_margin),
    tradingBlocked: account.trading_blocked || account.account_blocked || account.trade_suspended_by_user,
  };
}

function toView(row: Row): BrokerConnectionView {
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

/** The refusal of the broker's answer as this module's errors (see the header). */
function brokerRefusal(error: unknown, name: string): AppError {
  if (error instanceof AlpacaTradingError && (error.status === 401 || error.status === 403)) {
    return badUserInput(`apiKey: ${name} refused these credentials`);
  }
  if (error instanceof AlpacaTradingError) return new AppError('broker_error', `${name} answered ${error.status}.`);
  return new AppError('broker_error', `${name} could not be reached; try again.`);
}

export function createBrokerConnections({ db, box, alpaca, now, connectLimit }: BrokerConnectionsDeps) {
  const context = (userId: string, id: string, field: string) => `broker-connection:${userId}:${id}:${field}`;
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

  /** The stored credentials of a connection, opened (only inside this module). */
  function authOf(row: Row): AlpacaAuth {
    if (row.authKind === 'oauth') {
      return {
        kind: 'oauth',
        accessToken: box.open(row.sealedAccessToken ?? '', context(row.userId, row.id, 'accessToken')),
      };
    }
    return {
      kind: 'keys',
      keyId: box.open(row.sealedApiKey ?? '', context(row.userId, row.id, 'apiKey')),
      secretKey: box.open(row.sealedApiSecret ?? '', context(row.userId, row.id, 'apiSecret')),
    };
  }

  /** Reads the account again and stores what the broker said (verified or refused). */
  async function refresh(row: Row, verify: boolean): Promise<BrokerConnectionView> {
    const name = catalogueEntry(row.provider)?.name ?? row.provider;
    const at = now();
    let update: Partial<Row>;
    try {
      const account = await rest(row.environment, authOf(row)).account();
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
    return toView(saved);
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
      const at = now();
      for (let attempt = 0; attempt < 3; attempt++) {
        const [existing] = await db
          .select({ id: brokerConnections.id })
          .from(brokerConnections)
          .where(
            and(
              eq(brokerConnections.userId, userId),
              eq(brokerConnections.provider, entry.id),
              eq(brokerConnections.environment, input.environment),
            ),
          );
        const id = existing?.id ?? randomUUID();
        const values = {
          authKind: 'keys' as const,
          sealedApiKey: box.seal(auth.keyId, context(userId, id, 'apiKey')),
          sealedApiSecret: box.seal(auth.secretKey, context(userId, id, 'apiSecret')),
          sealedAccessToken: null,
          sealedRefreshToken: null,
          tokenExpiresAt: null,
          accountId: account.id,
          account: accountSnapshot(account),
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
              .values({ id, userId, provider: entry.id, environment: input.environment, ...values })
              .onConflictDoNothing()
              .returning();
        // Another request connected the same broker meanwhile: seal again for the id it created.
        if (saved) return toView(saved);
      }
      throw new AppError('broker_error', 'The connection changed meanwhile; try again.');
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
      return true;
    },
  };
}

export type BrokerConnections = ReturnType<typeof createBrokerConnections>;
