/**
 * The order ticket's rules, checked before an order is sent (the server checks again): quantity, the prices
 * each order type needs, buying power and shares held, and the estimated cost shown while typing.
 * Amounts are computed in integer cents.
 */
import { fromCents, toCents } from '../market/money';

export const TICKET_SIDES = ['BUY', 'SELL'] as const;
export const TICKET_TYPES = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'] as const;
export const TICKET_TIME_IN_FORCE = ['DAY', 'GTC', 'IOC', 'FOK'] as const;

export type TicketSide = (typeof TICKET_SIDES)[number];
export type TicketType = (typeof TICKET_TYPES)[number];
export type TicketTimeInForce = (typeof TICKET_TIME_IN_FORCE)[number];

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

export const TICKET_MESSAGES = {
  quantityRequired: 'Enter a quantity greater than 0.',
  quantityWhole: 'Quantity must be a whole number of shares.',
  limitRequired: 'A limit price greater than 0 is required for limit orders.',
  stopRequired: 'A stop price greater than 0 is required for stop orders.',
  symbolRequired: 'Choose a symbol.',
} as const;

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
  if (quantity === null) errors.quantity = TICKET_MESSAGES.quantityRequired;
  else if (!Number.isInteger(quantity)) errors.quantity = TICKET_MESSAGES.quantityWhole;
  const limitPrice = needsLimitPrice(draft.type) ? parsePositive(draft.limitPrice) : null;
  const stopPrice = needsStopPrice(draft.type) ? parsePositive(draft.stopPrice) : null;
  if (needsLimitPrice(draft.type) && limitPrice === null) errors.limitPrice = TICKET_MESSAGES.limitRequired;
  if (needsStopPrice(draft.type) && stopPrice === null) errors.stopPrice = TICKET_MESSAGES.stopRequired;

  const price = expectedPrice(draft.type, limitPrice, stopPrice, context.currentPrice);
  const cost = price !== null && quantity !== null ? estimatedCost(price, quantity) : null;
  const symbol = draft.symbol.trim().toUpperCase();
  if (symbol === '') errors.account = TICKET_MESSAGES.symbolRequired;
  else if (quantity !== null && errors.quantity === undefined) {
    if (draft.side === 'BUY' && cost !== null && context.buyingPower !== null && cost > context.buyingPower) {
      errors.account = `Insufficient buying power: this order needs about ${usd.format(cost)}, you have ${usd.format(context.buyingPower)}.`;
    }
    if (draft.side === 'SELL' && quantity > context.heldQuantity) {
      errors.account =
        context.heldQuantity === 0
          ? `You hold no shares of ${symbol} to sell.`
          : `You hold only ${context.heldQuantity} shares of ${symbol}.`;
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
