/**
 * What each live broker adapter accepts (issue 14 point 2, brokerCapabilities): the order types and times in force
 * this app sends it and whether quantities may have decimals. An entry without an adapter has none.
 */
import { ORDER_TYPES, TIME_IN_FORCE } from '../../../src/domain/trading/orderTypes';
import type { BrokerCapabilities } from './provider';
import { TRADIER_CAPABILITIES } from './tradier/verify';

/** Alpaca takes every order type and time in force of the app, and fractional shares. */
export const ALPACA_CAPABILITIES: BrokerCapabilities = {
  orderTypes: ORDER_TYPES,
  timesInForce: TIME_IN_FORCE,
  fractionalShares: true,
};

const BY_PROVIDER: Readonly<Record<string, BrokerCapabilities>> = {
  alpaca: ALPACA_CAPABILITIES,
  tradier: TRADIER_CAPABILITIES,
};

/** The capabilities of the adapter for catalogue entry `provider`, or null when this app has none. */
export function capabilitiesOf(provider: string): BrokerCapabilities | null {
  return Object.hasOwn(BY_PROVIDER, provider) ? BY_PROVIDER[provider]! : null;
}
