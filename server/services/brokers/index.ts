/**
 * Brokers: the interface every broker implements (./provider.ts; the paper broker in ../trading/engine.ts is the
 * first), the paper broker's identity, and the brokers a user can trade through (the trading mode's list).
 */
import { asc, eq } from 'drizzle-orm';
import type { BrokerInfo } from '../../../src/domain/trading/broker';
import type { Queryable } from '../../db/client';
import { brokerConnections } from '../../db/schema';
import { connectionBroker } from './connectionRows';

export type { BrokerCapabilities, BrokerProvider, OrdersQuery, TradesQuery } from './provider';

export const PAPER_BROKER_ID = 'paper';
export const PAPER_BROKER_NAME = 'Paper Trading';

/**
 * The built-in paper broker's identity. Its balances are the paper account's, filled in by the GraphQL
 * field resolvers only when selected (server/graphql/resolvers/trading.ts); nothing here invents numbers.
 */
export function paperBroker(userId: string): BrokerInfo {
  return {
    id: PAPER_BROKER_ID,
    name: PAPER_BROKER_NAME,
    environment: 'paper',
    isActive: true,
    isVerified: true,
    connectionStatus: 'connected',
    accountId: `PAPER-${userId.slice(0, 8)}`,
    buyingPower: null,
    portfolioValue: null,
    lastVerified: null,
    lastSync: null,
  };
}

/**
 * The brokers a user can trade through: the paper broker first, then each of the user's broker connections (oldest
 * first) as its stored snapshot describes it (one indexed read, no call to the broker). `db` may be a transaction.
 */
export async function availableBrokers(db: Queryable, userId: string): Promise<BrokerInfo[]> {
  const rows = await db
    .select()
    .from(brokerConnections)
    .where(eq(brokerConnections.userId, userId))
    .orderBy(asc(brokerConnections.createdAt), asc(brokerConnections.id));
  return [paperBroker(userId), ...rows.map(connectionBroker)];
}

/** Live trading needs a connected, verified live broker. */
export function canTradeLive(brokers: readonly BrokerInfo[]): boolean {
  return brokers.some(
    (broker) => broker.environment === 'live' && broker.isVerified && broker.connectionStatus === 'connected',
  );
}

/** Whether credentials of any live broker are stored. */
export function hasLiveCredentials(brokers: readonly BrokerInfo[]): boolean {
  return brokers.some((broker) => broker.environment === 'live');
}
