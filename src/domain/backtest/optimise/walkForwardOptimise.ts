/**
 * Parameter optimisation with walk-forward validation (issue 13 point 5; pure): on each in-sample window the search
 * (grid or evolutionary) picks the parameters with the best objective, and the out-of-sample window right after it
 * scores them. The report puts in-sample and out-of-sample figures side by side, so an optimiser that only fits
 * noise shows it.
 *
 * Rules:
 * - Windows come from `../walkForward.ts`; their out-of-sample windows must not overlap (step ≥ outOfSample), so
 *   they chain into one out-of-sample curve (`report.ts`).
 * - Objective: Sharpe ratio by default (any function of the metrics fits). In sample, a set with fewer than
 *   `minTrades` trades (1 by default), or whose objective is null, scores −Infinity and is never chosen; a window
 *   where no set qualifies chooses nothing and stays in cash out of sample (a flat curve, score 0). Out of sample, a
 *   null objective (e.g. no trade, no volatility) scores 0.
 * - Grid: every set is scored on every in-sample window in one request per batch (signals once per set). The
 *   evolutionary search runs on each window in turn with the same seed.
 * - Report: per window the chosen set, its in-sample and out-of-sample objective and metrics; the metrics' means
 *   over the windows that chose a set, in and out of sample; `scoreWalkForward` of the objective (efficiency = out /
 *   in); the chained out-of-sample curve and its metrics; parameter stability (`stability.ts`); and the winner to
 *   save as the next version: the set chosen on the latest window (what walk-forward would trade next).
 * - Progress counts evaluations (a set on a range); the total is known up front (the evolutionary budget per
 *   window, counted in full when a search ends early). Cancellation: see `control.ts`.
 */
import { computeMetrics, type BacktestMetrics } from '../metrics';
import { scoreWalkForward, type BarRange, type WalkForwardScore, type WalkForwardWindow } from '../walkForward';
import { inBatches, ProgressCounter, type RunControl } from './control';
import type { EvaluatedCurve, Evaluation, Evaluator } from './evaluator';
import { evolutionarySearch, evolutionarySettings, type EvolutionaryOptions } from './evolutionary';
import { gridSearch, type Scored } from './grid';
import { DEFAULT_GRID_CAP, enumerateGrid, ParamSpaceError, type ParamSet, type ParamSpace } from './paramSpace';
import { chainCurves, meanMetrics, type ChainedCurve, type MetricsSummary } from './report';
import { parameterStability, type ParameterStability } from './stability';

export type Objective = (metrics: BacktestMetrics) => number | null;

export const sharpeObjective: Objective = (metrics) => metrics.sharpeRatio;

export type SearchOptions = { kind: 'grid'; cap?: number } | ({ kind: 'evolutionary' } & EvolutionaryOptions);

export interface WalkForwardOptimiseInput extends RunControl {
  space: ParamSpace;
  windows: readonly WalkForwardWindow[];
  evaluator: Evaluator;
  search: SearchOptions;
  objective?: Objective;
  minTrades?: number;
  /** Parameter sets per evaluation request (50 by default): progress and cancel act between batches. */
  batchSize?: number;
}

export interface WindowReport {
  index: number;
  inSample: BarRange;
  outOfSample: BarRange;
  /** The chosen set; null when no set qualified in sample. */
  params: ParamSet | null;
  inSampleScore: number | null;
  outOfSampleScore: number;
  inSampleMetrics: BacktestMetrics | null;
  outOfSampleMetrics: BacktestMetrics;
}

export interface WalkForwardOptimisation {
  windows: WindowReport[];
  /** Means over the windows that chose a set (null when none did). */
  summary: { inSample: MetricsSummary | null; outOfSample: MetricsSummary | null };
  score: WalkForwardScore;
  outOfSample: ChainedCurve;
  stability: ParameterStability;
  winner: ParamSet | null;
  /** Evaluations actually run (in sample and out of sample). */
  evaluations: number;
}

type Detail = BacktestMetrics;

function checkInput(input: WalkForwardOptimiseInput): { batchSize: number; minTrades: number } {
  const { windows } = input;
  if (windows.length === 0) throw new ParamSpaceError('windows', 'no complete walk-forward window fits the bars');
  windows.forEach((w, k) => {
    if (k > 0 && w.outOfSample.start < windows[k - 1]!.outOfSample.end) {
      throw new ParamSpaceError('windows', 'out-of-sample windows overlap: use a step of at least outOfSample');
    }
  });
  const batchSize = input.batchSize ?? 50;
  const minTrades = input.minTrades ?? 1;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new ParamSpaceError('batchSize', 'must be at least 1');
  if (!Number.isInteger(minTrades) || minTrades < 0) throw new ParamSpaceError('minTrades', 'must be at least 0');
  return { batchSize, minTrades };
}

export async function walkForwardOptimise(input: WalkForwardOptimiseInput): Promise<WalkForwardOptimisation> {
  const { space, windows, evaluator, search } = input;
  const { batchSize, minTrades } = checkInput(input);
  const objective = input.objective ?? sharpeObjective;
  const inSampleScore = (m: BacktestMetrics) => (m.totalTrades < minTrades ? null : objective(m));
  const scoreOf = (e: Evaluation) => ({
    score: inSampleScore(e.metrics) ?? Number.NEGATIVE_INFINITY,
    detail: e.metrics,
  });
  const inSampleRanges = windows.map((w) => w.inSample);

  let chosen: (Scored<Detail> | null)[];
  let progress: ProgressCounter;
  let evaluations = 0;
  if (search.kind === 'grid') {
    const sets = enumerateGrid(space, search.cap ?? DEFAULT_GRID_CAP);
    progress = new ProgressCounter(sets.length * windows.length + windows.length, input);
    evaluations = sets.length * windows.length;
    chosen = await gridSearch(sets, windows.length, (all) =>
      inBatches(all, batchSize, windows.length, progress, async (batch) =>
        (await evaluator.evaluate({ sets: batch, ranges: inSampleRanges })).map((row) => row.map(scoreOf)),
      ),
    );
  } else {
    const budget = evolutionarySettings(search).maxEvaluations;
    progress = new ProgressCounter(budget * windows.length + windows.length, input);
    chosen = [];
    for (const window of windows) {
      const before = progress.done;
      const result = await evolutionarySearch(space, search, (sets) =>
        inBatches(sets, batchSize, 1, progress, async (batch) =>
          (await evaluator.evaluate({ sets: batch, ranges: [window.inSample] })).map((row) => scoreOf(row[0]!)),
        ),
      );
      chosen.push(result.best);
      evaluations += result.evaluations;
      progress.add(before + budget - progress.done);
    }
  }

  const curves: { range: BarRange; curve: EvaluatedCurve }[] = [];
  const reports: WindowReport[] = [];
  for (const [k, window] of windows.entries()) {
    const pick = chosen[k]!;
    progress.checkCancelled();
    const outOfSample = pick
      ? (await evaluator.evaluate({ sets: [pick.params], ranges: [window.outOfSample], curves: true }))[0]![0]!
      : flat(evaluator, window.outOfSample);
    progress.add(1);
    if (pick) evaluations++;
    curves.push({ range: window.outOfSample, curve: outOfSample.curve! });
    reports.push({
      index: window.index,
      inSample: window.inSample,
      outOfSample: window.outOfSample,
      params: pick?.params ?? null,
      inSampleScore: pick?.score ?? null,
      outOfSampleScore: (pick && objective(outOfSample.metrics)) ?? 0,
      inSampleMetrics: pick?.detail ?? null,
      outOfSampleMetrics: outOfSample.metrics,
    });
  }

  const picked = reports.filter((r) => r.params !== null);
  return {
    windows: reports,
    summary: {
      inSample: meanMetrics(picked.map((r) => r.inSampleMetrics!)),
      outOfSample: meanMetrics(picked.map((r) => r.outOfSampleMetrics)),
    },
    score: scoreWalkForward(picked.map((r) => ({ inSample: r.inSampleScore!, outOfSample: r.outOfSampleScore }))),
    outOfSample: chainCurves(evaluator, curves),
    stability: parameterStability(
      space,
      reports.map((r) => r.params),
    ),
    winner: reports[reports.length - 1]!.params,
    evaluations,
  };
}

/** Cash all along a range: the report of a window that chose no set. */
function flat(evaluator: Evaluator, range: BarRange): Evaluation {
  const equity = new Float64Array(range.end - range.start).fill(evaluator.capital);
  const times = Float64Array.from({ length: equity.length }, (_, i) => evaluator.times[range.start + i]!);
  const curve: EvaluatedCurve = { equity, trades: [], barsInMarket: 0 };
  const metrics = computeMetrics({
    ...curve,
    times,
    initialCapital: evaluator.capital,
    barsPerYear: evaluator.barsPerYear,
    riskFreeRate: evaluator.riskFreeRate,
  });
  return { metrics, curve };
}
