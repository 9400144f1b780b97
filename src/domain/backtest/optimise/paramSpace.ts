/**
 * The parameter space an optimiser searches (issue 13 point 5; pure): a template's numeric parameters
 * (`../../strategies/templates.ts`), each on a grid of min, min + step, … ≤ max, optionally narrowed by the caller.
 *
 * Rules:
 * - A dimension's values are min + k × step for k = 0 … ⌊(max − min) / step⌋, rounded to the step's decimals (so
 *   0.1 steps give 0.3, not 0.30000000000000004). A set of parameters is one value per dimension.
 * - A narrowed range must lie within the template's bounds, have min ≤ max and a positive step (a whole number for
 *   an integer parameter); a bad one is a {@link ParamSpaceError} naming the field (`ranges.slow.max`).
 * - Sets that break the template's rule between parameters (`check`, e.g. fast below slow) are not in the space.
 * - The grid is enumerated only up to a cap ({@link DEFAULT_GRID_CAP}); a larger one is an error that says its size,
 *   before anything is evaluated.
 * - {@link snapToGrid} clamps a value into [min, max] and moves it to the nearest grid value (ties go up).
 */
import type { StrategyTemplate, TemplateParams } from '../../strategies/templates';

export type ParamSet = TemplateParams;

export interface ParamDimension {
  name: string;
  min: number;
  max: number;
  step: number;
  integer: boolean;
}

export interface ParamSpace {
  dimensions: readonly ParamDimension[];
  /** The template's rule between parameters: a message when a set breaks it, else null. */
  check?: (params: ParamSet) => { name: string; message: string } | null;
}

/** A caller's narrower range for one parameter; any field left out keeps the template's. */
export interface ParamRange {
  min?: number;
  max?: number;
  step?: number;
}

export const DEFAULT_GRID_CAP = 10_000;

/** Bad input to the optimiser, naming the field (`ranges.fast.min`, `search.populationSize`). */
export class ParamSpaceError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'ParamSpaceError';
  }
}

function decimalsOf(step: number): number {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Number of grid values of a dimension. */
export function valueCount(dimension: ParamDimension): number {
  return Math.floor((dimension.max - dimension.min) / dimension.step + 1e-9) + 1;
}

/** The k-th grid value of a dimension. */
export function valueAt(dimension: ParamDimension, k: number): number {
  return Number((dimension.min + k * dimension.step).toFixed(decimalsOf(dimension.step)));
}

/** The grid index nearest to `value`, clamped to the dimension. */
export function indexOf(dimension: ParamDimension, value: number): number {
  const k = Math.floor((value - dimension.min) / dimension.step + 0.5 + 1e-9);
  return Math.min(Math.max(k, 0), valueCount(dimension) - 1);
}

export function snapToGrid(dimension: ParamDimension, value: number): number {
  return valueAt(dimension, indexOf(dimension, value));
}

/** Every value of the set snapped to its dimension's grid. */
export function snapParams(space: ParamSpace, params: ParamSet): ParamSet {
  const out: Record<string, number> = {};
  for (const d of space.dimensions) out[d.name] = snapToGrid(d, params[d.name] ?? d.min);
  return out;
}

function rangeField(name: string, key: keyof ParamRange): string {
  return `ranges.${name}.${key}`;
}

/** The space of a template's parameters, each narrowed by `ranges[name]` when given. */
export function paramSpaceOf(
  template: Pick<StrategyTemplate, 'parameters' | 'check'>,
  ranges: Readonly<Record<string, ParamRange>> = {},
): ParamSpace {
  const known = new Set(template.parameters.map((p) => p.name));
  for (const name of Object.keys(ranges)) {
    if (!known.has(name)) throw new ParamSpaceError(`ranges.${name}`, `unknown parameter, choose from ${[...known]}`);
  }
  const dimensions = template.parameters.map((p): ParamDimension => {
    const range = ranges[p.name] ?? {};
    const integer = p.type === 'integer';
    const min = range.min ?? p.min;
    const max = range.max ?? p.max;
    const step = range.step ?? p.step;
    for (const [key, value] of [
      ['min', min],
      ['max', max],
    ] as const) {
      if (!Number.isFinite(value) || value < p.min || value > p.max || (integer && !Number.isInteger(value))) {
        throw new ParamSpaceError(
          rangeField(p.name, key),
          `must be ${integer ? 'a whole number' : 'a number'} from ${p.min} to ${p.max}`,
        );
      }
    }
    if (min > max) throw new ParamSpaceError(rangeField(p.name, 'max'), `must be at least min (${min})`);
    if (!Number.isFinite(step) || step <= 0 || (integer && !Number.isInteger(step))) {
      throw new ParamSpaceError(rangeField(p.name, 'step'), `must be a positive ${integer ? 'whole ' : ''}number`);
    }
    return { name: p.name, min, max, step, integer };
  });
  return template.check ? { dimensions, check: template.check } : { dimensions };
}

/** Grid points before the rule between parameters removes any (the product of the dimensions' value counts). */
export function gridPoints(space: ParamSpace): number {
  return space.dimensions.reduce((product, d) => product * valueCount(d), 1);
}

export function isValid(space: ParamSpace, params: ParamSet): boolean {
  return !space.check || space.check(params) === null;
}

/** The set at these grid indexes (one per dimension). */
export function setAt(space: ParamSpace, indexes: readonly number[]): ParamSet {
  const out: Record<string, number> = {};
  space.dimensions.forEach((d, i) => (out[d.name] = valueAt(d, indexes[i]!)));
  return out;
}

/** A stable key of a set (its values in dimension order), to find repeats. */
export function paramKey(space: ParamSpace, params: ParamSet): string {
  return space.dimensions.map((d) => params[d.name]).join(',');
}

/**
 * Every valid set of the grid, the first dimension varying slowest; throws a {@link ParamSpaceError} on `ranges`
 * when the grid has more than `cap` points.
 */
export function enumerateGrid(space: ParamSpace, cap = DEFAULT_GRID_CAP): ParamSet[] {
  const points = gridPoints(space);
  if (points > cap) {
    throw new ParamSpaceError(
      'ranges',
      `the grid has ${points.toLocaleString('en-US')} parameter sets, more than the ${cap.toLocaleString('en-US')} ` +
        'allowed: narrow a range, widen a step, or use the evolutionary search',
    );
  }
  const counts = space.dimensions.map(valueCount);
  const indexes = counts.map(() => 0);
  const sets: ParamSet[] = [];
  for (let n = 0; n < points; n++) {
    const set = setAt(space, indexes);
    if (isValid(space, set)) sets.push(set);
    for (let d = counts.length - 1; d >= 0; d--) {
      indexes[d]!++;
      if (indexes[d]! < counts[d]!) break;
      indexes[d] = 0;
    }
  }
  return sets;
}
