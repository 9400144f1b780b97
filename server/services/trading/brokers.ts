import type { BrokerInfo } from '../../graphql/generated/resolvers';

export const PAPER_BROKER_ID = 'paper';

/** The paper account's balances as the trading engine values them now. */
export interface PaperBalances {
  buyingPower: number;
  portfolioValue: number;
  /** When the balances were valued (ISO 8601). */
  asOf: string;
}

/**
 * The built-in paper broker, with the paper account's balances when given (callers that only need the
 * broker's identity skip valuing the portfolio; the balances are null then, never invented).
 */
function paperBroker(userId: string, balances?: PaperBalances): BrokerInfo {
  return {
    id: PAPER_BROKER_ID,
    name: 'Paper Trading',
    environment: 'paper',
    isActive: true,
    isVerified: true,
    connectionStatus: 'connected',
    accountId: `PAPER-${userId.slice(0, 8)}`,
    buyingPower: balances?.buyingPower ?? null,
    portfolioValue: balances?.portfolioValue ?? null,
    lastVerified: null,
    lastSync: balances?.asOf ?? null,
  };
}

/** The brokers a user can trade through: the paper broker; live broker adapters join with the broker issue. */
export function availableBrokers(userId: string, paperBalances?: PaperBalances): BrokerInfo[] {
  return [paperBroker(userId, paperBalances)];
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
