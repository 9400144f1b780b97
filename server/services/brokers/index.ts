/**
 * Brokers: the interface every broker implements (./provider.ts; the paper broker in ../trading/engine.ts is the
 * first), the paper broker's identity, and the brokers a user can trade through (the trading mode's list).
 */
import type { BrokerInfo } from '../../../src/domain/trading/broker';

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

/** The brokers a user can trade through: the paper broker; live broker adapters join with the broker issue. */
export function availableBrokers(userId: string): BrokerInfo[] {
  return [paperBroker(userId)];
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
