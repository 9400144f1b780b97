/** The brokers a user trades through, as the trading mode lists them (the API's BrokerInfo). */

/** Where orders go: the built-in paper broker or a live broker. */
export type TradingMode = 'paper' | 'live';

export type BrokerConnectionStatus = 'connected' | 'disconnected' | 'error';

/** A broker account of the user: its identity, connection and (when known) balances in dollars. */
export interface BrokerInfo {
  id: string;
  name: string;
  /** The mode the broker trades in. */
  environment: TradingMode;
  isActive: boolean;
  isVerified: boolean;
  connectionStatus: BrokerConnectionStatus;
  accountId: string | null;
  buyingPower: number | null;
  portfolioValue: number | null;
  /** ISO-8601. */
  lastVerified: string | null;
  /** ISO-8601. */
  lastSync: string | null;
}
