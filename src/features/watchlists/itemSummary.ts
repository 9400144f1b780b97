import type { LocalPriceAlert } from '../../data/types';
import type { WatchlistItemDetailsQuery } from '../../graphql/generated/graphql';

type ServerItem = WatchlistItemDetailsQuery['watchlists'][number]['items'][number];

/** What the server computed for one symbol of the watchlists (its quote, signals and the held quantity). */
export type WatchlistItemDetails = Omit<ServerItem, 'symbol'>;

/**
 * The items' details by symbol (a symbol in two lists has the same details). A plain object, not a Map: the
 * answer is kept in the persisted query cache (JSON) for offline starts.
 */
export function detailsBySymbol(answer: WatchlistItemDetailsQuery): Record<string, WatchlistItemDetails> {
  const bySymbol: Record<string, WatchlistItemDetails> = {};
  for (const list of answer.watchlists) {
    for (const { symbol, ...details } of list.items) bySymbol[symbol] = details;
  }
  return bySymbol;
}

export type SignalTone = 'buy' | 'sell' | 'hold';

export interface SignalBadge {
  tone: SignalTone;
  /** 'Buy', 'Sell' or 'Hold'. */
  label: string;
  /** The signal's description, e.g. 'RSI 27.4 is below 30 (oversold)'. */
  description: string;
  /** e.g. 'RSI oversold'. */
  name: string;
}

/** Indicator names written in capitals in a signal's name. */
const ACRONYMS = new Set(['RSI', 'MACD', 'ADX', 'MA']);

/** RSI_OVERSOLD → 'RSI oversold'; MACD_BULLISH_CROSS → 'MACD bullish cross'. */
export function signalName(type: string): string {
  const [first = '', ...rest] = type.split('_');
  const head = ACRONYMS.has(first) ? first : first.charAt(0) + first.slice(1).toLowerCase();
  return [head, ...rest.map((word) => word.toLowerCase())].join(' ');
}

/** The badge of the strongest signal (by strength, whatever order a stored answer has), or null without signals. */
export function signalBadge(signals: WatchlistItemDetails['technicalSignals'] | undefined): SignalBadge | null {
  const strongest = signals?.reduce<(typeof signals)[number] | null>(
    (best, signal) => (best === null || signal.strength > best.strength ? signal : best),
    null,
  );
  if (!strongest) return null;
  const recommendation = strongest.recommendation.toUpperCase();
  const tone: SignalTone = recommendation.includes('BUY') ? 'buy' : recommendation.includes('SELL') ? 'sell' : 'hold';
  const label = tone === 'buy' ? 'Buy' : tone === 'sell' ? 'Sell' : 'Hold';
  return { tone, label, description: strongest.description, name: signalName(strongest.type) };
}

/** The user's alerts per symbol (all of them, on or off), from the device's alerts. */
export function alertCounts(alerts: readonly Pick<LocalPriceAlert, 'symbol'>[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const alert of alerts ?? []) counts.set(alert.symbol, (counts.get(alert.symbol) ?? 0) + 1);
  return counts;
}

/** '1 alert', '3 alerts'. */
export function alertCountLabel(count: number): string {
  return `${count} alert${count === 1 ? '' : 's'}`;
}
