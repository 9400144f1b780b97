/**
 * The configuration page's signal preview: the domain's one signal engine (`evaluate`, the same the backtester and
 * the server's runner use) on a symbol's cached daily candles, as chart markers and counts.
 *
 * Rules:
 * - Every bar's entry and exit signal is shown, as the engine gives them (it does not know whether a position is
 *   open: an entry while long is still marked).
 * - Candles are the server's (`time` in epoch seconds); markers keep those times.
 */
import type { ChartMarker } from '../../../components/charts/PriceChart';
import type { Ohlcv } from '../../../domain/market/candle';
import { evaluate, type StrategyDefinition } from '../../../domain/strategies';

export interface SignalPreview {
  markers: ChartMarker[];
  entries: number;
  exits: number;
  bars: number;
}

export function previewSignals(definition: StrategyDefinition, candles: readonly Ohlcv[]): SignalPreview {
  const signals = evaluate(definition, candles);
  const markers: ChartMarker[] = [];
  let entries = 0;
  candles.forEach((candle, index) => {
    if (signals.entry[index]) {
      entries += 1;
      markers.push({ time: candle.time, side: 'buy' });
    }
    if (signals.exit[index]) markers.push({ time: candle.time, side: 'sell' });
  });
  return { markers, entries, exits: markers.length - entries, bars: candles.length };
}

/** "3 entries, 2 exits in the last 300 bars". */
export function previewSummary({ entries, exits, bars }: SignalPreview): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(entries, 'entry', 'entries')}, ${count(exits, 'exit', 'exits')} in the last ${count(bars, 'bar', 'bars')}`;
}
