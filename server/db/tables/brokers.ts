import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from '../columns';
import { userId } from '../userColumns';

/** The account as the broker last reported it (spec §3 Broker connection `account`), dollars. */
export interface BrokerAccountSnapshot {
  accountNumber: string;
  buyingPower: number;
  portfolioValue: number;
  cashBalance: number;
  dayTradeCount: number;
  isPatternDayTrader: boolean;
  marginUsed: number;
  tradingBlocked: boolean;
}

/**
 * A user's connections to brokers (spec §3 Broker connection, User.brokerConnections; issue 14). Secrets (API key
 * and secret, OAuth access and refresh tokens) are stored only sealed (server/services/secrets: AES-256-GCM bound
 * to this user, row and field) and never leave the server. One connection per user, provider and environment;
 * `account_id` is the broker's own account id (not a secret).
 */
export const brokerConnections = pgTable(
  'broker_connections',
  {
    // The server chooses it before sealing (the secrets are bound to it).
    id: id(),
    userId: userId(),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    environment: text('environment').$type<'paper' | 'live'>().notNull(),
    authKind: text('auth_kind').$type<'keys' | 'oauth'>().notNull().default('keys'),
    sealedApiKey: text('sealed_api_key'),
    sealedApiSecret: text('sealed_api_secret'),
    sealedAccessToken: text('sealed_access_token'),
    sealedRefreshToken: text('sealed_refresh_token'),
    tokenExpiresAt: timestamptz('token_expires_at'),
    isVerified: boolean('is_verified').notNull().default(false),
    status: text('status').$type<'connected' | 'error'>().notNull().default('connected'),
    statusMessage: text('status_message'),
    account: jsonb('account').$type<BrokerAccountSnapshot>(),
    verifiedAt: timestamptz('verified_at'),
    lastSync: timestamptz('last_sync'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('broker_connections_user_id_idx').on(table.userId),
    uniqueIndex('broker_connections_user_provider_env_unique').on(table.userId, table.provider, table.environment),
    check('broker_connections_environment_check', sql`${table.environment} in ('paper', 'live')`),
    check('broker_connections_auth_kind_check', sql`${table.authKind} in ('keys', 'oauth')`),
    check('broker_connections_status_check', sql`${table.status} in ('connected', 'error')`),
  ],
);

/**
 * Each attempt to connect a broker with credentials (whatever the broker answered): the rows the per-user limit
 * BROKER_CONNECTS_PER_HOUR counts (server/services/rateLimits.ts). Nothing else is kept: no credential, no answer.
 */
export const brokerConnectAttempts = pgTable(
  'broker_connect_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('broker_connect_attempts_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * OAuth authorisations under way (issue 14 point 4): the `state` sent to the provider, stored hashed (SHA-256), bound
 * to the user who started it, single use (`used_at`), expiring 10 minutes after it was issued.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: userId(),
    brokerId: text('broker_id').notNull(),
    accountType: text('account_type').$type<'paper' | 'live' | 'both'>().notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_states_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * What this app knows of an order it placed at a broker (issue 14 point 7) that the broker does not keep: the strategy
 * that placed it and why. The order itself (status, fills) is the broker's; it is found by its broker order id.
 */
export const brokerOrders = pgTable(
  'broker_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userId(),
    provider: text('provider').notNull(),
    brokerOrderId: text('broker_order_id').notNull(),
    clientOrderId: text('client_order_id'),
    strategyId: text('strategy_id'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('broker_orders_provider_order_unique').on(table.provider, table.brokerOrderId),
    index('broker_orders_user_strategy_idx').on(table.userId, table.strategyId),
  ],
);
