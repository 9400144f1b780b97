/**
 * Position and cash arithmetic of a cash account, in integer cents (pure; the engine applies it inside the
 * fill's transaction and the property test recomputes the same ledger independently).
 *
 * A position keeps its quantity, its cost basis (total cents paid for the shares held, commissions included)
 * and its realised P&L. Buying adds to the cost basis; selling removes the sold shares' share of the cost basis
 * (proportionally, so the average cost is unchanged) and realises proceeds − that cost − commission.
 */
import { roundQuantity, valueCents, type OrderSide } from './orderTypes';

export interface PositionState {
  quantity: number;
  costCents: number;
  realizedCents: number;
}

export const EMPTY_POSITION: PositionState = { quantity: 0, costCents: 0, realizedCents: 0 };

export interface Fill {
  side: OrderSide;
  quantity: number;
  priceCents: number;
  commissionCents: number;
}

/** Change of the account's cash by a fill: −(value + commission) for a buy, value − commission for a sell. */
export function cashDeltaCents(fill: Fill): number {
  const value = valueCents(fill.quantity, fill.priceCents);
  return fill.side === 'BUY' ? -(value + fill.commissionCents) : value - fill.commissionCents;
}

/** The position after a fill; throws when a sell exceeds the shares held (no shorting). */
export function applyFill(position: PositionState, fill: Fill): PositionState {
  const value = valueCents(fill.quantity, fill.priceCents);
  if (fill.side === 'BUY') {
    return {
      quantity: roundQuantity(position.quantity + fill.quantity),
      costCents: position.costCents + value + fill.commissionCents,
      realizedCents: position.realizedCents,
    };
  }
  if (fill.quantity > position.quantity) throw new Error('cannot sell more shares than held');
  const quantity = roundQuantity(position.quantity - fill.quantity);
  const removedCost =
    quantity === 0 ? position.costCents : Math.round((position.costCents * fill.quantity) / position.quantity);
  return {
    quantity,
    costCents: position.costCents - removedCost,
    realizedCents: position.realizedCents + value - fill.commissionCents - removedCost,
  };
}

/** Average cost per share in cents (fractional cents kept), 0 for an empty position. */
export function averageCostCents(position: Pick<PositionState, 'quantity' | 'costCents'>): number {
  return position.quantity > 0 ? position.costCents / position.quantity : 0;
}

/** Unrealised P&L in cents at `priceCents`. */
export function unrealizedCents(position: Pick<PositionState, 'quantity' | 'costCents'>, priceCents: number): number {
  return valueCents(position.quantity, priceCents) - position.costCents;
}

/** `part` as a percentage of `whole` (1.5 = 1.5 %), rounded to 4 decimals; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole !== 0 ? Math.round((part / whole) * 1e6) / 1e4 : 0;
}

/** Today's trading in one symbol, aggregated from its fills since the start of the day. */
export interface DayActivity {
  boughtQuantity: number;
  soldQuantity: number;
  /** Cents paid for today's buys (value + commission). */
  buyCents: number;
  /** Cents received for today's sells (value − commission). */
  sellCents: number;
}

export const NO_DAY_ACTIVITY: DayActivity = { boughtQuantity: 0, soldQuantity: 0, buyCents: 0, sellCents: 0 };

/**
 * Day P&L of one symbol in cents: value now − value at the previous close of the shares held at the start of
 * the day − net cash put in today (buys − sells). Covers held shares (vs the previous close), shares bought
 * today (vs their fill price) and shares sold today (realised vs the previous close).
 */
export function dayPnLCents(
  quantityNow: number,
  priceCents: number,
  previousCloseCents: number,
  today: DayActivity,
): number {
  const startQuantity = roundQuantity(quantityNow - today.boughtQuantity + today.soldQuantity);
  return (
    valueCents(quantityNow, priceCents) -
    valueCents(startQuantity, previousCloseCents) -
    (today.buyCents - today.sellCents)
  );
}
