import type { ChartCandle } from '../../components/charts/chartData';

/**
 * The bars with the latest quote folded into the newest one (close = price, high/low widened), so the chart
 * moves with every tick between refetches. A quote older than the newest bar changes nothing.
 */
export function withLivePrice(
  bars: readonly ChartCandle[],
  quote: { price: number; timestamp: string } | null,
): readonly ChartCandle[] {
  const last = bars.at(-1);
  if (!quote || !last) return bars;
  if (Date.parse(quote.timestamp) / 1000 < last.time) return bars;
  if (last.close === quote.price) return bars;
  return [
    ...bars.slice(0, -1),
    { ...last, close: quote.price, high: Math.max(last.high, quote.price), low: Math.min(last.low, quote.price) },
  ];
}
