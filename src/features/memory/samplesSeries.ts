import type { CurveSeries } from '../../components/charts/CurveChart';
import type { ChartPalette } from '../../components/charts/chartTheme';

/** One line of a Memory monitoring chart: its values, one a sample. */
export interface ChartLine {
  name: string;
  /** Its colour in the charts' palette (also the legend's swatch). */
  color: keyof ChartPalette;
  values: readonly number[];
}

/**
 * The lines as CurveChart series over the samples' times (epoch seconds, `values[i]` at `times[i]`): one point a
 * second at the most, since the time axis needs increasing whole seconds; a value without a time is left out.
 */
export function samplesSeries(times: readonly number[], lines: readonly ChartLine[]): CurveSeries[] {
  return lines.map((line) => {
    const points: { time: number; value: number }[] = [];
    line.values.forEach((value, index) => {
      const time = Math.floor(times[index] ?? Number.NaN);
      const last = points.at(-1);
      if (Number.isFinite(time) && (!last || time > last.time)) points.push({ time, value });
    });
    return { name: line.name, color: line.color, points };
  });
}
