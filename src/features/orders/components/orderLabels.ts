import type { TicketTimeInForce, TicketType } from '../../../domain/trading/ticket';

export const ORDER_TYPE_LABELS: Record<TicketType, string> = {
  MARKET: 'Market',
  LIMIT: 'Limit',
  STOP: 'Stop',
  STOP_LIMIT: 'Stop limit',
};

export const TIME_IN_FORCE_LABELS: Record<TicketTimeInForce, string> = {
  DAY: 'Day',
  GTC: 'Good till cancelled',
  IOC: 'Immediate or cancel',
  FOK: 'Fill or kill',
};

export const TIME_IN_FORCE_SHORT: Record<TicketTimeInForce, string> = {
  DAY: 'Day',
  GTC: 'GTC',
  IOC: 'IOC',
  FOK: 'FOK',
};
