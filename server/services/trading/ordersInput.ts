/** Validation of the free-text fields of placeOrder (the order's numbers are checked by the risk rules). */
import type { PlaceOrderInput } from '../../graphql/generated/resolvers';
import type { OrderSide, OrderType, TimeInForce } from '../../../src/domain/trading/orderTypes';
import { badUserInput } from '../errors';

export const CLIENT_ORDER_ID_MAX = 100;
export const STRATEGY_ID_MAX = 100;
export const REASON_MAX = 500;

export interface ParsedOrderInput {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce;
  quantity: number;
  price: number | null;
  stopPrice: number | null;
  clientOrderId: string | null;
  strategyId: string | null;
  reason: string | null;
}

function optionalText(value: string | null | undefined, field: string, max: number): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (trimmed.length > max) throw badUserInput(`Invalid ${field}: at most ${max} characters`);
  return trimmed;
}

export function parseOrderInput(input: PlaceOrderInput): ParsedOrderInput {
  return {
    symbol: input.symbol.trim().toUpperCase(),
    side: input.side,
    type: input.type,
    timeInForce: input.timeInForce ?? 'DAY',
    quantity: input.quantity,
    price: input.price ?? null,
    stopPrice: input.stopPrice ?? null,
    clientOrderId: optionalText(input.clientOrderId, 'clientOrderId', CLIENT_ORDER_ID_MAX),
    strategyId: optionalText(input.strategyId, 'strategyId', STRATEGY_ID_MAX),
    reason: optionalText(input.reason, 'reason', REASON_MAX),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an order id (anything else is simply not found). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
