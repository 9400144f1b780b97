import { fromCents, toCents } from '../../domain/market/money';
import type { Position } from '../../domain/trading/account';

/** The fields of a position that move with its price. */
export type PricedPosition = Pick<
  Position,
  | 'symbol'
  | 'quantity'
  | 'averageCost'
  | 'currentPrice'
  | 'marketValue'
  | 'costBasis'
  | 'unrealizedPnL'
  | 'unrealizedPnLPercent'
>;

/** A position revalued at a newer price (cents math); unchanged when no price is known. */
export function withPrice<T extends PricedPosition>(position: T, price: number | null | undefined): T {
  if (price === null || price === undefined || price === position.currentPrice) return position;
  const marketValueCents = toCents(price) * position.quantity;
  const costBasisCents = toCents(position.costBasis);
  const pnlCents = Math.round(marketValueCents - costBasisCents);
  return {
    ...position,
    currentPrice: price,
    marketValue: fromCents(Math.round(marketValueCents)),
    unrealizedPnL: fromCents(pnlCents),
    unrealizedPnLPercent: costBasisCents > 0 ? (pnlCents / costBasisCents) * 100 : 0,
  };
}

export interface AllocationSlice {
  label: string;
  value: number;
  /** Share of the total in percent. */
  percent: number;
}

/** Each position's share of the account (cash included), largest first. */
export function allocation(
  positions: readonly { symbol: string; marketValue: number }[],
  cash: number,
): AllocationSlice[] {
  const slices = [
    ...positions.map((position) => ({ label: position.symbol, value: position.marketValue })),
    { label: 'Cash', value: cash },
  ].filter((slice) => slice.value > 0);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return slices
    .map((slice) => ({ ...slice, percent: total > 0 ? (slice.value / total) * 100 : 0 }))
    .sort((a, b) => b.value - a.value);
}

/** Shares sold when closing `percentage` of `quantity` (whole shares, rounded down, as the server does). */
export function sharesToClose(quantity: number, percentage: number): number {
  return Math.floor((quantity * percentage) / 100 + 1e-9);
}
