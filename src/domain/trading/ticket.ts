/**
 * The order ticket's rules, checked before an order is sent (the server checks again): quantity, the prices
 * each order type needs, buying power and shares held, and the estimated cost shown while typing.
 * Amounts are computed in integer cents.
 */
import { fromCents, toCents } from '../market/money';
import { ORDER_ERROR_TEXTS } from './orderErrors';
import { roundQuantity, type OrderSide, type OrderType, type TimeInForce } from './orderTypes';
import { validQuantity } from './risk';

type TicketSide = OrderSide;
type TicketType = OrderType;
type TicketTimeInForce = TimeInForce;

/** What the user typed: numbers stay text until validated. */
export interface TicketDraft {
  symbol: string;
  side: TicketSide;
  type: TicketType;
  quantity: string;
  limitPrice: string;
  stopPrice: string;
  timeInForce: TicketTimeInForce;
}

/** What the ticket knows about the account and the market when checking. */
export interface TicketContext {
  /** Latest trade price (or ask/bid); null when no quote is known. */
  currentPrice: number | null;
  /** Dollars; null when the portfolio is not loaded (the check is then left to the server). */
  buyingPower: number | null;
  /** Shares of the symbol held now. */
  heldQuantity: number;
  /** Dollars a position may be worth after a buy (trading parameters); null when unknown. */
  maxPositionSize: number | null;
}

export interface TicketOrder {
  symbol: string;
  side: TicketSide;
  type: TicketType;
  quantity: number;
  price: number | null;
  stopPrice: number | null;
  timeInForce: TicketTimeInForce;
}

export type TicketField = 'quantity' | 'limitPrice' | 'stopPrice' | 'account';

export interface TicketCheck {
  /** One message per field that is wrong (empty when the order may be sent). */
  errors: Partial<Record<TicketField, string>>;
  /** Price × quantity in dollars, when both are known. */
  estimatedCost: number | null;
  /** The order to send, when there are no errors. */
  order: TicketOrder | null;
}

export const SYMBOL_REQUIRED_TEXT = 'Choose a symbol.';

export function needsLimitPrice(type: TicketType): boolean {
  return type === 'LIMIT' || type === 'STOP_LIMIT';
}

export function needsStopPrice(type: TicketType): boolean {
  return type === 'STOP' || type === 'STOP_LIMIT';
}

/** A positive decimal typed by the user, or null ("", "abc", "0", "-1"). */
export function parsePositive(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The price an order is expected to execute at: its limit, else its stop, else the current price. */
export function expectedPrice(
  type: TicketType,
  limitPrice: number | null,
  stopPrice: number | null,
  currentPrice: number | null,
) {
  if (needsLimitPrice(type)) return limitPrice;
  if (type === 'STOP') return stopPrice;
  return currentPrice;
}

/** Price × quantity in dollars, computed in cents. */
export function estimatedCost(price: number, quantity: number): number {
  return fromCents(toCents(price) * quantity);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Checks a draft against the ticket's rules; the order is returned only when every rule holds. */
export function checkTicket(draft: TicketDraft, context: TicketContext): TicketCheck {
  const errors: TicketCheck['errors'] = {};
  const quantity = parsePositive(draft.quantity);
  if (quantity === null || !validQuantity(quantity, false)) errors.quantity = ORDER_ERROR_TEXTS.invalid_quantity;
  const limitPrice = needsLimitPrice(draft.type) ? parsePositive(draft.limitPrice) : null;
  const stopPrice = needsStopPrice(draft.type) ? parsePositive(draft.stopPrice) : null;
  if (needsLimitPrice(draft.type) && limitPrice === null) errors.limitPrice = ORDER_ERROR_TEXTS.invalid_limit_price;
  if (needsStopPrice(draft.type) && stopPrice === null) errors.stopPrice = ORDER_ERROR_TEXTS.invalid_stop_price;

  const price = expectedPrice(draft.type, limitPrice, stopPrice, context.currentPrice);
  const cost = price !== null && quantity !== null ? estimatedCost(price, quantity) : null;
  const symbol = draft.symbol.trim().toUpperCase();
  if (symbol === '') errors.account = SYMBOL_REQUIRED_TEXT;
  else if (quantity !== null && errors.quantity === undefined) {
    if (draft.side === 'BUY' && cost !== null && context.buyingPower !== null && cost > context.buyingPower) {
      errors.account = `${ORDER_ERROR_TEXTS.insufficient_buying_power} It needs about ${usd.format(cost)}; you have ${usd.format(context.buyingPower)}.`;
    } else if (draft.side === 'BUY' && price !== null && context.maxPositionSize !== null) {
      const positionAfter = estimatedCost(price, roundQuantity(context.heldQuantity + quantity));
      if (positionAfter > context.maxPositionSize) {
        errors.account = `${ORDER_ERROR_TEXTS.max_position_size_exceeded} It would be worth about ${usd.format(positionAfter)}; the maximum is ${usd.format(context.maxPositionSize)}.`;
      }
    }
    if (draft.side === 'SELL' && quantity > context.heldQuantity) {
      errors.account =
        context.heldQuantity === 0
          ? ORDER_ERROR_TEXTS.no_position
          : `${ORDER_ERROR_TEXTS.insufficient_position} You hold ${context.heldQuantity} shares of ${symbol}.`;
    }
  }

  const valid = Object.keys(errors).length === 0 && quantity !== null;
  return {
    errors,
    estimatedCost: cost,
    order: valid
      ? {
          symbol,
          side: draft.side,
          type: draft.type,
          quantity,
          price: limitPrice,
          stopPrice,
          timeInForce: draft.timeInForce,
        }
      : null,
  };
}
