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
  /** How many holdings the slice stands for when it groups several (the "N others" slice); absent for one. */
  holdings?: number;
}

/** Holdings shown by name in the allocation; past this, the smallest are one "N others" slice. */
export const ALLOCATION_NAMED_HOLDINGS = 8;

/**
 * Each position's share of the account (cash included), largest first. With more than ALLOCATION_NAMED_HOLDINGS
 * holdings, the largest ALLOCATION_NAMED_HOLDINGS − 1 keep their names and the rest are one slice, "N others", last:
 * a bar of 150 slivers and a legend of 150 lines tell a reader less than the largest few and the weight of the rest.
 * Empty (zero or negative) values are left out.
 */
export function allocation(
  positions: readonly { symbol: string; marketValue: number }[],
  cash: number,
): AllocationSlice[] {
  const byValue = (a: { value: number }, b: { value: number }) => b.value - a.value;
  const holdings = positions
    .map((position) => ({ label: position.symbol, value: position.marketValue }))
    .filter((slice) => slice.value > 0)
    .sort(byValue);
  const named =
    holdings.length > ALLOCATION_NAMED_HOLDINGS ? holdings.slice(0, ALLOCATION_NAMED_HOLDINGS - 1) : holdings;
  const rest = holdings.slice(named.length);
  const slices = [...named, ...(cash > 0 ? [{ label: 'Cash', value: cash }] : [])].sort(byValue);
  const grouped =
    rest.length > 0
      ? [
          {
            label: `${rest.length} others`,
            value: rest.reduce((sum, slice) => sum + slice.value, 0),
            holdings: rest.length,
          },
        ]
      : [];
  const all = [...slices, ...grouped];
  const total = all.reduce((sum, slice) => sum + slice.value, 0);
  return all.map((slice) => ({ ...slice, percent: total > 0 ? (slice.value / total) * 100 : 0 }));
}

/** Shares sold when closing `percentage` of `quantity` (whole shares, rounded down, as the server does). */
export function sharesToClose(quantity: number, percentage: number): number {
  return Math.floor((quantity * percentage) / 100 + 1e-9);
}
