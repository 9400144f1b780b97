import type { OrderType, TimeInForce } from '../../../domain/trading/orderTypes';

export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  MARKET: 'Market',
  LIMIT: 'Limit',
  STOP: 'Stop',
  STOP_LIMIT: 'Stop limit',
};

export const TIME_IN_FORCE_LABELS: Record<TimeInForce, string> = {
  DAY: 'Day',
  GTC: 'Good till cancelled',
  IOC: 'Immediate or cancel',
  FOK: 'Fill or kill',
};

export const TIME_IN_FORCE_SHORT: Record<TimeInForce, string> = {
  DAY: 'Day',
  GTC: 'GTC',
  IOC: 'IOC',
  FOK: 'FOK',
};
