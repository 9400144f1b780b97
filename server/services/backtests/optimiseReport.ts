/**
 * A walk-forward optimisation's report (src/domain/backtest/optimise) as stored with its run and answered by the API
 * (`OptimisationReport`, schema/backtests.graphql): bar indexes become ISO times, metrics the API's shape.
 *
 * Rules:
 * - `inSample` / `outOfSample`: each metric's mean over the windows that chose a set (`meanMetrics`), side by side;
 *   their `totalTrades` is the mean per window, rounded.
 * - `outOfSampleChained`: the metrics of the out-of-sample windows traded one after the other (the honest figure).
 */
import type { WalkForwardOptimisation } from '../../../src/domain/backtest/optimise';
import type { BacktestMetrics } from '../../../src/domain/backtest/metrics';
import type { BarRange } from '../../../src/domain/backtest/walkForward';
import type { CurvePoint } from '../strategies/backtest';
import { toMetricsModel, type StrategyMetricsModel } from '../strategies/model';
import type { ObjectiveName } from './optimiseInput';

export interface OptimisationWindowModel {
  index: number;
  inSampleFrom: string;
  inSampleTo: string;
  outOfSampleFrom: string;
  outOfSampleTo: string;
  /** The set chosen in sample; null when none qualified (the window then stays in cash). */
  parameters: Record<string, number> | null;
  inSampleScore: number | null;
  outOfSampleScore: number;
  inSample: StrategyMetricsModel | null;
  outOfSample: StrategyMetricsModel;
}

export interface OptimisationReportModel {
  objective: ObjectiveName;
  windows: OptimisationWindowModel[];
  inSample: StrategyMetricsModel | null;
  outOfSample: StrategyMetricsModel | null;
  outOfSampleChained: StrategyMetricsModel;
  outOfSampleCurve: CurvePoint[];
  meanInSampleScore: number;
  meanOutOfSampleScore: number;
  efficiency: number | null;
  positiveOutOfSample: number;
  stability: WalkForwardOptimisation['stability'];
  winner: Record<string, number> | null;
  evaluations: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function summaryModel(summary: WalkForwardOptimisation['summary']['inSample']): StrategyMetricsModel | null {
  if (!summary) return null;
  const model = toMetricsModel(summary as BacktestMetrics);
  return { ...model, totalTrades: Math.round(model.totalTrades) };
}

export function toReportModel(
  report: WalkForwardOptimisation,
  times: readonly number[],
  objective: ObjectiveName,
): OptimisationReportModel {
  const span = (range: BarRange) => ({ from: iso(times[range.start]!), to: iso(times[range.end - 1]!) });
  return {
    objective,
    windows: report.windows.map((w) => {
      const inSample = span(w.inSample);
      const outOfSample = span(w.outOfSample);
      return {
        index: w.index,
        inSampleFrom: inSample.from,
        inSampleTo: inSample.to,
        outOfSampleFrom: outOfSample.from,
        outOfSampleTo: outOfSample.to,
        parameters: w.params ? { ...w.params } : null,
        inSampleScore: w.inSampleScore,
        outOfSampleScore: w.outOfSampleScore,
        inSample: w.inSampleMetrics && toMetricsModel(w.inSampleMetrics),
        outOfSample: toMetricsModel(w.outOfSampleMetrics),
      };
    }),
    inSample: summaryModel(report.summary.inSample),
    outOfSample: summaryModel(report.summary.outOfSample),
    outOfSampleChained: toMetricsModel(report.outOfSample.metrics),
    outOfSampleCurve: Array.from(report.outOfSample.times, (time, i) => ({
      time: iso(time),
      value: report.outOfSample.equity[i]!,
    })),
    meanInSampleScore: report.score.meanInSample,
    meanOutOfSampleScore: report.score.meanOutOfSample,
    efficiency: report.score.efficiency,
    positiveOutOfSample: report.score.positiveOutOfSample,
    stability: report.stability,
    winner: report.winner ? { ...report.winner } : null,
    evaluations: report.evaluations,
  };
}
