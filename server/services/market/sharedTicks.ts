/**
 * Several server processes, one simulated market (issue 12 point 7): only the leader's simulator ticks, and it
 * shares every tick through a channel (the event bus, over Redis); every other process applies the leader's ticks
 * to its own simulator instead of drawing its own, so every process quotes the same prices and a process that
 * takes over leadership continues from the last tick it applied. The leader receives its own ticks back and
 * ignores them (a tick not after the newest one applied changes nothing).
 *
 * Each process's candle history before it started is its own (generated at start from MARKET_SEED); from then on
 * its bars follow the leader's ticks.
 */
import { isMarketTick } from '../../../src/domain/market/marketTick';
import type { EventBus } from '../../events';
import { listen } from '../../listen';
import type { SimulatedMarket } from './simulator';

export interface SharedTicks {
  /** Leader work: this process's simulator ticks every `intervalMs` and shares each tick. */
  ticking: { start(): Promise<void>; stop(): Promise<void> };
  /** Stops ticking and listening. */
  stop(): void;
}

/** Shares `market`'s ticks through the `marketTick` notices of `events` while it leads, follows them otherwise. */
export function shareSimulatedTicks(
  market: SimulatedMarket,
  events: Pick<EventBus, 'publish' | 'subscribe'>,
  { intervalMs, clock, onError }: { intervalMs: number; clock: () => number; onError: (error: unknown) => void },
): SharedTicks {
  // Until this process leads, its simulator only follows.
  market.stop();
  const unlisten = listen(
    events.subscribe('marketTick'),
    (tick) => {
      if (isMarketTick(tick)) market.applyTick(tick);
      else onError(new Error('a malformed market tick was ignored'));
    },
    onError,
  );
  const ticking = {
    async start() {
      market.setTickListener((tick) => events.publish('marketTick', tick));
      market.start(intervalMs, clock);
    },
    async stop() {
      market.stop();
      market.setTickListener(undefined);
    },
  };
  return {
    ticking,
    stop() {
      unlisten();
      void ticking.stop();
    },
  };
}
