import { currentOrLastSessionDay } from '../../../src/domain/market/calendar';
import type { MarketHistory } from '../../../src/domain/market/history';
import type { Config } from '../../config';
import { AlpacaMarketData } from './alpaca/provider';
import { cachedHistory, historyCacheFile } from './historyCache';
import type { MarketDataProvider } from './provider';
import { SimulatedMarket } from './simulator';

/** A market data provider the app owns: started with the app, stopped when it closes. */
export interface RunningMarket {
  provider: MarketDataProvider;
  stop(): void;
}

/** How often the embedded simulator ticks (spec: quotes about once a second). */
export const SIMULATOR_TICK_MS = 1000;

type SimulatorConfig = Pick<Config, 'marketSeed' | 'marketHours'>;

function runSimulatedMarket(
  config: SimulatorConfig,
  now: () => Date,
  options: { start: number; history?: MarketHistory },
) {
  const market = new SimulatedMarket({
    seed: config.marketSeed,
    now: options.start,
    alwaysOpen: config.marketHours === 'always',
    history: options.history,
  });
  market.start(SIMULATOR_TICK_MS, () => now().getTime());
  return { provider: market, stop: () => market.stop() };
}

/**
 * The embedded default market: the seeded simulator (MARKET_SEED), history generated up to `now()`,
 * ticking about once a second on the app's clock, open during regular hours or always (MARKET_HOURS).
 */
export function startSimulatedMarket(config: SimulatorConfig, now: () => Date): RunningMarket {
  return runSimulatedMarket(config, now, { start: now().getTime() });
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

/**
 * startMarket for a process that has other work to do meanwhile (server/main.ts), the same market as startMarket's:
 * the simulator's history before today's session is read from DATA_DIR, or generated on a worker thread (the
 * longest step of a cold start) and stored there for the next start (./historyCache.ts); today's session is
 * simulated on top of it (and, once it has closed, kept there too).
 */
export async function startMarketInBackground(
  config: Pick<Config, 'marketSeed' | 'marketHours' | 'marketProvider' | 'dataDir'>,
  now: () => Date,
  onError: (error: unknown) => void,
): Promise<RunningMarket> {
  if (config.marketProvider.kind !== 'simulator') return startMarket(config, now, onError);
  const start = now().getTime();
  const options = { seed: config.marketSeed, sessionDay: currentOrLastSessionDay(start) };
  const history = await cachedHistory(options, start, historyCacheFile(config.dataDir), onError);
  return runSimulatedMarket(config, now, { start, history });
}
