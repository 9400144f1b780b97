/** Validation of the free-text fields of placeOrder (the order's numbers are checked by the risk rules). */
import type { OrderInput, ParsedOrderInput } from '../../../src/domain/trading/orders';
import { badUserInput } from '../errors';

export const CLIENT_ORDER_ID_MAX = 100;
export const STRATEGY_ID_MAX = 100;
export const REASON_MAX = 500;

function optionalText(value: string | null | undefined, field: string, max: number): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (trimmed.length > max) throw badUserInput(`Invalid ${field}: at most ${max} characters`);
  return trimmed;
}

export function parseOrderInput(input: OrderInput): ParsedOrderInput {
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
