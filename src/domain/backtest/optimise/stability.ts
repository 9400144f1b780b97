/**
 * Parameter stability across walk-forward windows (pure): parameters that jump around from one window to the
 * next were fitted to noise; stable ones more likely describe the market.
 *
 * Rules:
 * - Per parameter, over the windows that chose a set: the lowest and highest chosen value, the spread
 *   (highest − lowest) / (the dimension's max − min), and the sample standard deviation / (max − min); both 0 for a
 *   dimension of one value, or with no window. 0 = the same value every time, 1 = the whole range.
 * - The most common set: the set chosen by the most windows (ties: the one chosen first), and its share of all the
 *   windows (a window that chose nothing counts in the denominator).
 */
import { sampleStdDev } from '../metrics';
import { paramKey, type ParamSet, type ParamSpace } from './paramSpace';

export interface ParameterSpread {
  name: string;
  /** Lowest and highest chosen value (null with no window). */
  min: number | null;
  max: number | null;
  relativeSpread: number;
  relativeStdDev: number;
}

export interface ParameterStability {
  parameters: ParameterSpread[];
  mostCommon: ParamSet | null;
  /** Windows that chose the most common set / all windows (0 with no window). */
  mostCommonShare: number;
}

export function parameterStability(space: ParamSpace, chosen: readonly (ParamSet | null)[]): ParameterStability {
  const sets = chosen.filter((set): set is ParamSet => set !== null);
  const parameters = space.dimensions.map((d): ParameterSpread => {
    const values = sets.map((set) => set[d.name]!);
    const width = d.max - d.min;
    if (values.length === 0) return { name: d.name, min: null, max: null, relativeSpread: 0, relativeStdDev: 0 };
    const min = Math.min(...values);
    const max = Math.max(...values);
    return {
      name: d.name,
      min,
      max,
      relativeSpread: width > 0 ? (max - min) / width : 0,
      relativeStdDev: width > 0 ? sampleStdDev(values) / width : 0,
    };
  });
  const counts = new Map<string, { set: ParamSet; count: number }>();
  for (const set of sets) {
    const key = paramKey(space, set);
    const entry = counts.get(key) ?? { set, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  let mostCommon: { set: ParamSet; count: number } | null = null;
  for (const entry of counts.values()) if (!mostCommon || entry.count > mostCommon.count) mostCommon = entry;
  return {
    parameters,
    mostCommon: mostCommon?.set ?? null,
    mostCommonShare: mostCommon && chosen.length > 0 ? mostCommon.count / chosen.length : 0,
  };
}
