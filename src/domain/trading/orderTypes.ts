/**
 * The paper broker's order vocabulary (spec §3 Order, Trade; issue 5 point 4), shared by client and server.
 * Prices inside the domain are integer cents; quantities are shares (whole unless fractional trading is on).
 */
export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export const ORDER_TYPES = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'] as const;
export const TIME_IN_FORCE = ['DAY', 'GTC', 'IOC', 'FOK'] as const;
export const ORDER_STATUSES = ['OPEN', 'PARTIALLY_FILLED', 'FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED'] as const;

export type OrderSide = (typeof ORDER_SIDES)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses of an order that can still fill (the order book). */
export const WORKING_STATUSES: readonly OrderStatus[] = ['OPEN', 'PARTIALLY_FILLED'];

export function isWorking(status: OrderStatus): boolean {
  return status === 'OPEN' || status === 'PARTIALLY_FILLED';
}

/** Decimal places kept for share quantities (fractional paper trading). */
export const QUANTITY_DECIMALS = 6;
const QUANTITY_SCALE = 10 ** QUANTITY_DECIMALS;

/** A quantity rounded to {@link QUANTITY_DECIMALS} places, so sums of fractional shares do not drift. */
export function roundQuantity(quantity: number): number {
  return Math.round(quantity * QUANTITY_SCALE) / QUANTITY_SCALE;
}

/** Value in whole cents of `quantity` shares at `priceCents` (exact for whole shares). */
export function valueCents(quantity: number, priceCents: number): number {
  return Math.round(quantity * priceCents);
}
