/**
 * What a Run asks the worker (./protocol.ts), from the form and the cached queries, or the sentence that says
 * honestly why there is nothing to simulate (no rules, no holdings, no bars cached offline).
 */
import type { QueryClient } from '@tanstack/react-query';
import { isChartInterval } from '../../components/charts/intervals';
import type { PositionFieldsFragment, StrategyFieldsFragment } from '../../graphql/generated/graphql';
import type { SimulationRequest, SimulationSettings, StrategySpec } from './protocol';
import { gatherBars, strategyCode } from './simulationSources';

export interface Prepared {
  request: SimulationRequest;
  /** What is resampled, in words. */
  subject: string;
  /** Symbols left out for want of bars. */
  missing: string[];
}

function noBars(symbols: readonly string[]): string {
  const where = navigator.onLine ? 'could be loaded' : 'are cached on this device (you are offline)';
  return `No daily prices of ${symbols.join(', ')} ${where}. Open their charts once online, then try again.`;
}

export async function prepareStrategy(
  queryClient: QueryClient,
  strategy: StrategyFieldsFragment | undefined,
  settings: SimulationSettings,
): Promise<Prepared | string> {
  if (!strategy) return 'Choose a strategy to simulate.';
  const noRules = `“${strategy.name}” has no rules or symbols yet, so it has no trades to resample. Give it a template or rules on the Strategies page.`;
  if (strategy.symbols.length === 0) return noRules;
  let spec: StrategySpec;
  const interval = strategy.interval && isChartInterval(strategy.interval) ? strategy.interval : '1D';
  if (strategy.templateId) {
    const { templateId, parameters, symbols } = strategy;
    spec = { kind: 'template', templateId, parameters, symbols, interval };
  } else {
    const code = await strategyCode(queryClient, strategy.id);
    if (code === null) {
      return navigator.onLine
        ? noRules
        : `The rules of “${strategy.name}” are not cached on this device (you are offline). Run this simulation once online; it then works offline too.`;
    }
    spec = { kind: 'code', code };
  }
  const { bars, missing } = await gatherBars(queryClient, strategy.symbols, interval);
  if (bars.length === 0) return noBars(strategy.symbols);
  return {
    request: {
      source: {
        kind: 'strategy',
        strategy: spec,
        bars,
      },
      settings,
    },
    subject: `${strategy.name} on ${bars.map(([symbol]) => symbol).join(', ')}`,
    missing,
  };
}

export async function preparePortfolio(
  queryClient: QueryClient,
  positions: readonly PositionFieldsFragment[] | undefined,
  settings: SimulationSettings,
): Promise<Prepared | string> {
  if (!positions) return 'Your portfolio is not loaded on this device yet. Open the Portfolio page once online.';
  const holdings = positions
    .filter((position) => position.marketValue > 0)
    .map((position) => ({ symbol: position.symbol, marketValue: position.marketValue }));
  if (holdings.length === 0) return 'You hold no shares, so the portfolio has no returns to resample.';
  const symbols = holdings.map((holding) => holding.symbol);
  const { bars, missing } = await gatherBars(queryClient, symbols, '1D');
  if (bars.length === 0) return noBars(symbols);
  return {
    request: { source: { kind: 'portfolio', holdings, bars }, settings },
    subject: `Your holdings (${bars.map(([symbol]) => symbol).join(', ')})`,
    missing,
  };
}
