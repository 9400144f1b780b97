/**
 * An optimisation run's input (startOptimisation, schema/backtests.graphql) checked and planned before anything is
 * written: the backtest part exactly as startBacktest checks it (the strategies service's `prepareBacktest`), then
 * the optimisation settings. Every refusal is BAD_USER_INPUT naming its field.
 *
 * Rules:
 * - Only a template strategy has a parameter schema: inline code, or a strategy built from rules, is refused
 *   (`strategyId`). The varied parameters are checked against the template's schema (unknown or repeated name,
 *   min/max outside the template's bounds or min > max, bad step: `parameters.<i>.<field>`); the others stay at the
 *   strategy's current values.
 * - Walk-forward: `windows` rolling windows, each in-sample window `inSampleFraction` of an in-sample +
 *   out-of-sample pair, the out-of-sample windows tiling the latest bars (so the winner is chosen on the newest
 *   in-sample window). The bars are those every symbol has (the evaluator needs the same times); a window of fewer
 *   than MIN_WINDOW_BARS out-of-sample bars is refused (`windows`).
 * - Work = evaluations × bars × symbols (in sample, every window) plus the out-of-sample checks; more than
 *   `maxWork` is refused naming `parameters` (grid) or `generations` (evolutionary). A grid of more than
 *   DEFAULT_GRID_CAP sets, or with no set that keeps the template's rule between parameters, is refused too.
 */
import * as z from 'zod';
import {
  DEFAULT_GRID_CAP,
  enumerateGrid,
  evolutionarySettings,
  ParamSpaceError,
  paramSpaceOf,
  type Objective,
  type ParamRange,
  type ParamSpace,
  type SearchOptions,
} from '../../../src/domain/backtest/optimise';
import type { BacktestMetrics } from '../../../src/domain/backtest/metrics';
import { walkForwardWindows, type WalkForwardWindow } from '../../../src/domain/backtest/walkForward';
import type { Candle } from '../../../src/domain/market/candle';
import { findTemplate } from '../../../src/domain/strategies/templates';
import { badUserInput } from '../errors';
import type { PreparedBacktest } from '../strategies/manage';
import { parseInput } from '../watchlists/validation';
import type { OptimiseSetup } from './task';

export const OPTIMISATION_METHODS = ['GRID', 'EVOLUTIONARY'] as const;
/** The metric each in-sample window maximises (and each out-of-sample window is scored by). */
export const OBJECTIVES = {
  SHARPE: 'sharpeRatio',
  SORTINO: 'sortinoRatio',
  CALMAR: 'calmarRatio',
  CAGR: 'cagr',
  TOTAL_RETURN: 'totalReturn',
  PROFIT_FACTOR: 'profitFactor',
} as const satisfies Record<string, keyof BacktestMetrics>;
export type ObjectiveName = keyof typeof OBJECTIVES;

export const MAX_WINDOWS = 20;
export const MIN_WINDOW_BARS = 10;

const settingsInput = z.strictObject({
  method: z.enum(OPTIMISATION_METHODS),
  parameters: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(40),
        min: z.number().nullish(),
        max: z.number().nullish(),
        step: z.number().nullish(),
      }),
    )
    .min(1, 'vary at least one parameter')
    .max(10),
  windows: z.number().int().min(1).max(MAX_WINDOWS).default(4),
  inSampleFraction: z.number().min(0.5).max(0.9).default(0.75),
  objective: z.enum(Object.keys(OBJECTIVES) as [ObjectiveName, ...ObjectiveName[]]).default('SHARPE'),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  populationSize: z.number().int().min(2).max(200).default(24),
  generations: z.number().int().min(1).max(200).default(20),
});

/** The settings as stored with the run (`backtest_runs.optimisation`) and answered by the API. */
export type OptimisationSettings = Omit<z.output<typeof settingsInput>, 'parameters'> & {
  parameters: { name: string; min: number | null; max: number | null; step: number | null }[];
  templateId: string;
  /** The strategy's parameters when the run started (the ones not varied keep these). */
  baseParameters: Record<string, number>;
};

export const OPTIMISATION_FIELDS = Object.keys(settingsInput.shape);

/** Everything an optimisation run needs, checked. */
export interface OptimisationPlan {
  settings: OptimisationSettings;
  space: ParamSpace;
  search: SearchOptions;
  objective: Objective;
  windows: WalkForwardWindow[];
  /** The workers' setup: the bars every symbol has, at the same times. */
  setup: OptimiseSetup;
  times: number[];
  /** Bar-evaluations the run will do (the `maxWork` check). */
  work: number;
}

/** Each symbol's bars at the times every symbol has. */
export function alignedBars(barsBySymbol: ReadonlyMap<string, readonly Candle[]>): Candle[][] {
  const lists = [...barsBySymbol.values()];
  const shared = lists
    .slice(1)
    .reduce(
      (times, bars) => new Set(bars.filter((bar) => times.has(bar.time)).map((bar) => bar.time)),
      new Set(lists[0]!.map((bar) => bar.time)),
    );
  return lists.map((bars) => bars.filter((bar) => shared.has(bar.time)));
}

function rangesOf(
  parameters: z.output<typeof settingsInput>['parameters'],
  base: Record<string, number>,
  templateId: string,
) {
  const template = findTemplate(templateId)!;
  const ranges: Record<string, ParamRange> = {};
  for (const p of template.parameters) {
    const value = base[p.name] ?? p.default;
    ranges[p.name] = { min: value, max: value };
  }
  const seen = new Set<string>();
  parameters.forEach(({ name, ...range }, i) => {
    const known = template.parameters.find((p) => p.name === name);
    const names = template.parameters.map((p) => p.name).join(', ');
    if (!known)
      throw badUserInput(`parameters.${i}.name: unknown parameter ${name} of ${templateId}; choose from ${names}`);
    if (seen.has(name)) throw badUserInput(`parameters.${i}.name: ${name} is listed twice`);
    seen.add(name);
    ranges[name] = Object.fromEntries(Object.entries(range).filter(([, v]) => v != null));
  });
  try {
    return { template, space: paramSpaceOf(template, ranges) };
  } catch (error) {
    if (!(error instanceof ParamSpaceError)) throw error;
    // `ranges.<name>.<key>` → `parameters.<i>.<key>`
    const [, name, key] = error.field.split('.');
    const i = parameters.findIndex((p) => p.name === name);
    throw badUserInput(`parameters.${i}${key ? `.${key}` : ''}: ${error.message.slice(error.field.length + 2)}`);
  }
}

function windowsOf(bars: number, count: number, fraction: number): WalkForwardWindow[] {
  const ratio = fraction / (1 - fraction);
  const outOfSample = Math.floor(bars / (count + ratio));
  const inSample = Math.floor(outOfSample * ratio);
  if (outOfSample < MIN_WINDOW_BARS) {
    throw badUserInput(
      `windows: ${bars} bars shared by every symbol make out-of-sample windows of ${outOfSample} bars, fewer than ${MIN_WINDOW_BARS}; use fewer windows or a longer range`,
    );
  }
  const used = inSample + count * outOfSample;
  return walkForwardWindows({ range: { start: bars - used, end: bars }, inSample, outOfSample });
}

/** The optimisation settings of `input` (the rest is the backtest part), checked against the prepared backtest. */
export function planOptimisation(
  prepared: PreparedBacktest,
  settingsFields: Record<string, unknown>,
  maxWork: number,
): OptimisationPlan {
  const { row, symbols, barsBySymbol, options, definition } = prepared;
  if (!row?.templateId || !findTemplate(row.templateId)) {
    throw badUserInput("strategyId: only a template strategy's parameters can be optimised; give a template strategy");
  }
  const parsed = parseInput(settingsInput, settingsFields);
  const baseParameters = { ...(row.parameters ?? {}) };
  const { space } = rangesOf(parsed.parameters, baseParameters, row.templateId);
  const bars = alignedBars(barsBySymbol);
  const windows = windowsOf(bars[0]!.length, parsed.windows, parsed.inSampleFraction);
  let perWindow: number;
  let search: SearchOptions;
  if (parsed.method === 'GRID') {
    let sets: number;
    try {
      sets = enumerateGrid(space, DEFAULT_GRID_CAP).length;
    } catch (error) {
      if (error instanceof ParamSpaceError) throw badUserInput(`parameters: ${error.message.slice('ranges: '.length)}`);
      throw error;
    }
    if (sets === 0)
      throw badUserInput("parameters: no set of these ranges keeps the template's rule between parameters");
    perWindow = sets;
    search = { kind: 'grid', cap: DEFAULT_GRID_CAP };
  } else {
    search = {
      kind: 'evolutionary',
      seed: parsed.seed,
      populationSize: parsed.populationSize,
      generations: parsed.generations,
    };
    perWindow = evolutionarySettings(search).maxEvaluations;
  }
  const first = windows[0]!;
  const inSampleBars = first.inSample.end - first.inSample.start;
  const outOfSampleBars = first.outOfSample.end - first.outOfSample.start;
  const work = windows.length * (perWindow * inSampleBars + outOfSampleBars) * symbols.length;
  if (work > maxWork) {
    const field = parsed.method === 'GRID' ? 'parameters' : 'generations';
    throw badUserInput(
      `${field}: ${work.toLocaleString('en-US')} bar-evaluations (parameter sets × bars × symbols × windows), more than the ${maxWork.toLocaleString('en-US')} one optimisation may run; vary fewer values, or choose fewer symbols or a shorter range`,
    );
  }
  const key = OBJECTIVES[parsed.objective];
  const setup: OptimiseSetup = {
    templateId: row.templateId,
    setup: { symbols, interval: definition.interval, sizing: definition.sizing, stops: definition.stops },
    bars,
    options: {
      capital: options.capital,
      commission: { perTrade: options.commissionCents / 100 },
      slippageBps: options.slippageBps,
    },
  };
  return {
    settings: {
      ...parsed,
      parameters: parsed.parameters.map(({ name, min, max, step }) => ({
        name,
        min: min ?? null,
        max: max ?? null,
        step: step ?? null,
      })),
      templateId: row.templateId,
      baseParameters,
    },
    space,
    search,
    objective: (metrics) => metrics[key] as number | null,
    windows,
    setup,
    times: bars[0]!.map((bar) => bar.time),
    work,
  };
}
