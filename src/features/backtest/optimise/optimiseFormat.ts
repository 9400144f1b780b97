/**
 * The optimisation screen's pure helpers: the starting range of each parameter, the input built from the form, the
 * server's messages in the form's words, and how a parameter set reads.
 *
 * Rules:
 * - A parameter's starting range is its current value halved to its value × 1.5, within the template's bounds, in
 *   about 5 steps (never finer than the template's step; whole steps for whole-number parameters): a grid of a few
 *   dozen sets, not the template's whole range.
 * - `parameters.<i>.<field>` in a refusal becomes the parameter's label and the field ("Fast SMA max: …").
 */
import type {
  OptimisationInput,
  OptimisationMethod,
  OptimisationObjective,
  StrategyTemplatesQuery,
} from '../../../graphql/generated/graphql';

export type TemplateParameter = StrategyTemplatesQuery['strategyTemplates'][number]['parameters'][number];

export interface RangeDraft {
  name: string;
  vary: boolean;
  min: string;
  max: string;
  step: string;
}

export const OBJECTIVE_LABELS: Record<OptimisationObjective, string> = {
  SHARPE: 'Sharpe ratio',
  SORTINO: 'Sortino ratio',
  CALMAR: 'Calmar ratio',
  CAGR: 'Annual return (CAGR)',
  TOTAL_RETURN: 'Total return',
  PROFIT_FACTOR: 'Profit factor',
};

export const METHOD_LABELS: Record<OptimisationMethod, string> = {
  GRID: 'Grid (every combination)',
  EVOLUTIONARY: 'Evolutionary (genetic search)',
};

function decimals(step: number): number {
  const text = String(step);
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
}

/** A parameter's starting range around its current value (see the rules). */
export function startingRange(parameter: TemplateParameter, current: number | undefined): RangeDraft {
  const value = current ?? parameter.default;
  const digits = decimals(parameter.step);
  const snap = (x: number) => Number((Math.round(x / parameter.step) * parameter.step).toFixed(digits));
  const min = Math.max(parameter.min, snap(value / 2));
  const max = Math.min(parameter.max, Math.max(min, snap(value * 1.5)));
  const step = Math.max(parameter.step, snap((max - min) / 5));
  return { name: parameter.name, vary: true, min: String(min), max: String(max), step: String(step) };
}

export interface OptimiseFormValues {
  strategyId: string;
  method: OptimisationMethod;
  objective: OptimisationObjective;
  windows: string;
  inSamplePercent: string;
  populationSize: string;
  generations: string;
  ranges: readonly RangeDraft[];
}

/** The mutation's input from the form (numbers as typed: the server checks them and names the field). */
export function optimisationInput(values: OptimiseFormValues): OptimisationInput {
  const evolutionary = values.method === 'EVOLUTIONARY';
  return {
    strategyId: values.strategyId,
    method: values.method,
    objective: values.objective,
    windows: Number(values.windows),
    inSampleFraction: Number(values.inSamplePercent) / 100,
    parameters: values.ranges
      .filter((range) => range.vary)
      .map((range) => ({ name: range.name, min: Number(range.min), max: Number(range.max), step: Number(range.step) })),
    ...(evolutionary && { populationSize: Number(values.populationSize), generations: Number(values.generations) }),
  };
}

/** A refusal in the form's words: `parameters.1.max: …` → `Slow SMA max: …`, `inSampleFraction` → `In sample`. */
export function optimisationErrorText(
  message: string,
  input: Pick<OptimisationInput, 'parameters'>,
  parameters: readonly TemplateParameter[],
): string {
  return message
    .replace(/^parameters\.(\d+)(?:\.(\w+))?:/, (_all, index: string, field: string | undefined) => {
      const name = input.parameters[Number(index)]?.name;
      const label = parameters.find((p) => p.name === name)?.label ?? name ?? 'Parameter';
      return `${label}${field && field !== 'name' ? ` ${field}` : ''}:`;
    })
    .replace(/^inSampleFraction:/, 'In sample share:')
    .replace(/^windows:/, 'Windows:')
    .replace(/^populationSize:/, 'Population:')
    .replace(/^generations:/, 'Generations:')
    .replace(/^parameters:/, 'Parameters:');
}

/** "fast 10 · slow 40" (in the template's order), or "—" for none. */
export function formatParams(params: unknown, parameters: readonly TemplateParameter[]): string {
  if (!params || typeof params !== 'object') return '—';
  const values = params as Record<string, number>;
  const names = parameters.length > 0 ? parameters.map((p) => p.name) : Object.keys(values);
  return names
    .filter((name) => values[name] !== undefined)
    .map((name) => `${name} ${values[name]}`)
    .join(' · ');
}
