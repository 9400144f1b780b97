import type { Config } from '../../config';
import { AlpacaMarketData } from './alpaca/provider';
import type { MarketDataProvider } from './provider';
import { SimulatedMarket } from './simulator';

/** A market data provider the app owns: started with the app, stopped when it closes. */
export interface RunningMarket {
  provider: MarketDataProvider;
  stop(): void;
}

/** How often the embedded simulator ticks (spec: quotes about once a second). */
export const SIMULATOR_TICK_MS = 1000;

/**
 * The embedded default market: the seeded simulator (MARKET_SEED), history generated up to `now()`,
 * ticking about once a second on the app's clock, open during regular hours or always (MARKET_HOURS).
 */
export function startSimulatedMarket(
  config: Pick<Config, 'marketSeed' | 'marketHours'>,
  now: () => Date,
): RunningMarket {
  const market = new SimulatedMarket({
    seed: config.marketSeed,
    now: now().getTime(),
    alwaysOpen: config.marketHours === 'always',
  });
  market.start(SIMULATOR_TICK_MS, () => now().getTime());
  return { provider: market, stop: () => market.stop() };
}

/** The configured market (MARKET_PROVIDER): the embedded simulator, or Alpaca market data. */
export function startMarket(
  config: Pick<Config, 'marketSeed' | 'marketHours' | 'marketProvider'>,
  now: () => Date,
  onError: (error: unknown) => void,
): RunningMarket {
  const provider = config.marketProvider;
  if (provider.kind === 'simulator') return startSimulatedMarket(config, now);
  const market = new AlpacaMarketData({ ...provider, now: () => now().getTime(), onError });
  return { provider: market, stop: () => market.stop() };
}
