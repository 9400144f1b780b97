import type { OrderFieldsFragment, TradeFieldsFragment } from '../../graphql/generated/graphql';

export type TradingEvent =
  { kind: 'trade'; trade: TradeFieldsFragment } | { kind: 'order'; order: OrderFieldsFragment };

type Listener = (event: TradingEvent) => void;
const listeners = new Set<Listener>();

/** Hands each pushed order update and execution to the screens that list them live (Monitoring). */
export function publishTradingEvent(event: TradingEvent): void {
  for (const listener of listeners) listener(event);
}

export function onTradingEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
