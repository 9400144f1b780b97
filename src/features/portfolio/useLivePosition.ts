import { useMemo } from 'react';
import { useLiveQuote, useLivePrices } from '../market/useLiveQuote';
import { withPrice, type PricedPosition } from './livePositions';

/** One position revalued at its symbol's latest quote; only the caller re-renders when that symbol ticks. */
export function useLivePosition<T extends PricedPosition>(position: T): T {
  const price = useLiveQuote(position.symbol)?.price;
  return useMemo(() => withPrice(position, price), [position, price]);
}

/** Every position revalued at the latest quotes (for totals, rankings and shares); re-renders once per tick. */
export function useLivePositions<T extends PricedPosition>(positions: readonly T[]): readonly T[] {
  const symbols = useMemo(() => positions.map((position) => position.symbol), [positions]);
  const prices = useLivePrices(symbols);
  return useMemo(
    () => positions.map((position) => withPrice(position, prices.get(position.symbol))),
    [positions, prices],
  );
}
