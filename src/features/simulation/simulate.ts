/**
 * One simulation request answered (what the worker runs, ./monteCarlo.worker.ts): the sample from the source
 * (a strategy's definition rebuilt from its template or its code and backtested on its bars, or the holdings' weighted daily returns), then the
 * Monte Carlo of src/domain/simulation. Progress goes to `post` as the steps advance.
 */
import type { Candle } from '../../domain/market/candle';
import { runMonteCarlo } from '../../domain/simulation/monteCarlo';
import { portfolioReturnSample, strategyTradeSample } from '../../domain/simulation/sources';
import { definitionFromTemplate } from '../../domain/strategies/templates';
import { parseDefinitionJson } from '../../domain/strategies/validation';
import type { SampleSummary, SimulationMessage, SimulationRequest, SimulationSource, StrategySpec } from './protocol';

type Sample = { returns: Float64Array; drawsPerStep: number; unit: SampleSummary['unit'] } | { empty: string };

function span(bars: ReadonlyMap<string, readonly Candle[]>): { from: number; to: number } {
  const all = [...bars.values()].filter((list) => list.length > 0);
  return {
    from: Math.min(...all.map((list) => list[0]!.time)),
    to: Math.max(...all.map((list) => list.at(-1)!.time)),
  };
}

function definitionOf(spec: StrategySpec) {
  if (spec.kind === 'code') return parseDefinitionJson(spec.code);
  const { templateId, parameters, symbols, interval } = spec;
  return definitionFromTemplate(templateId, parameters, { symbols, interval });
}

function sampleOf(source: SimulationSource, bars: ReadonlyMap<string, readonly Candle[]>, capital: number): Sample {
  if (source.kind === 'portfolio') {
    const returns = portfolioReturnSample(source.holdings, bars);
    return returns.length === 0
      ? { empty: 'The cached prices of your holdings have no days in common to compute daily returns from.' }
      : { returns, drawsPerStep: 1, unit: 'days' };
  }
  const parsed = definitionOf(source.strategy);
  if (!parsed.ok) return { empty: `This strategy's definition is not valid: ${parsed.errors[0]?.message ?? ''}` };
  const sample = strategyTradeSample(parsed.definition, bars, capital);
  return sample
    ? { returns: sample.returns, drawsPerStep: sample.drawsPerStep, unit: 'trades' }
    : { empty: 'The strategy made no trade on the cached bars of its symbols: there is nothing to resample.' };
}

export function simulate({ source, settings }: SimulationRequest, post: (message: SimulationMessage) => void): void {
  const bars = new Map(source.bars);
  const sample = sampleOf(source, bars, settings.initialCapital);
  if ('empty' in sample) {
    post({ type: 'empty', reason: sample.empty });
    return;
  }
  // The sample takes about a tenth of the time; the steps the rest.
  post({ type: 'progress', done: 0.1 });
  const every = Math.max(1, Math.floor(settings.horizon / 50));
  const result = runMonteCarlo(
    { ...settings, returns: sample.returns, drawsPerStep: sample.drawsPerStep },
    (step, horizon) => {
      if (step % every === 0) post({ type: 'progress', done: 0.1 + (0.9 * step) / horizon });
    },
  );
  post({
    type: 'result',
    result,
    sample: { unit: sample.unit, size: sample.returns.length, drawsPerStep: sample.drawsPerStep, ...span(bars) },
  });
}
