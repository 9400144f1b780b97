/**
 * Walk-forward validation windows (issue 13 point 5; pure): in-sample windows choose a strategy's parameters,
 * the out-of-sample window right after each scores them. This file only splits the bars and summarises the
 * scores; the optimiser that picks parameters on each in-sample window comes later.
 *
 * Rules:
 * - Ranges are half-open bar indexes [start, end).
 * - `rolling` (default): every in-sample window has `inSample` bars and slides by `step`:
 *   IS_k = [s_k, s_k + inSample), OOS_k = [s_k + inSample, s_k + inSample + outOfSample), s_k = start + k × step.
 * - `anchored`: every in-sample window starts at `start` and grows by `step`:
 *   IS_k = [start, start + inSample + k × step), OOS_k follows it as above.
 * - `step` defaults to `outOfSample`, so the out-of-sample windows tile the range without gaps or overlaps (their
 *   results chain into one out-of-sample equity curve).
 * - Only complete windows: the last out-of-sample window ends at or before `end`; the bars after it are not scored.
 * - Each window is backtested on its own slice and starts flat. Compute indicators and signals over the whole
 *   series first (they are causal, so no look-ahead) and slice them with the bars: a window then needs no warm-up
 *   of its own.
 */
import { mean } from './metrics';

/** Bar indexes [start, end). */
export interface BarRange {
  start: number;
  end: number;
}

export interface WalkForwardWindow {
  /** 0, 1, … in time order. */
  index: number;
  inSample: BarRange;
  outOfSample: BarRange;
}

export type WalkForwardMode =
  /** Fixed-length in-sample windows sliding forward. */
  | 'rolling'
  /** In-sample windows all starting at the range's start, growing. */
  | 'anchored';

export interface WalkForwardOptions {
  /** The bars to split: [range.start, range.end), e.g. { start: 0, end: bars.length }. */
  range: BarRange;
  /** Bars of the (first) in-sample window. */
  inSample: number;
  /** Bars of each out-of-sample window. */
  outOfSample: number;
  /** Bars between window starts; `outOfSample` by default. */
  step?: number;
  mode?: WalkForwardMode;
}

function assertBars(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

/** The windows of a walk-forward split (empty when not even one complete window fits). */
export function walkForwardWindows(options: WalkForwardOptions): WalkForwardWindow[] {
  const { range, inSample, outOfSample } = options;
  const step = options.step ?? outOfSample;
  const anchored = (options.mode ?? 'rolling') === 'anchored';
  assertBars(inSample, 'inSample');
  assertBars(outOfSample, 'outOfSample');
  assertBars(step, 'step');
  const windows: WalkForwardWindow[] = [];
  for (let k = 0; ; k++) {
    const split = range.start + inSample + k * step;
    const end = split + outOfSample;
    if (end > range.end) break;
    windows.push({
      index: k,
      inSample: { start: anchored ? range.start : split - inSample, end: split },
      outOfSample: { start: split, end },
    });
  }
  return windows;
}

/**
 * One window's score: the same metric on the in-sample window (with the parameters chosen there) and on the
 * out-of-sample window. Use an annualised metric (CAGR, Sharpe) so windows of different lengths compare.
 */
export interface WindowScore {
  inSample: number;
  outOfSample: number;
}

export interface WalkForwardScore {
  windows: number;
  /** Mean of the in-sample scores (0 with no windows). */
  meanInSample: number;
  /** Mean of the out-of-sample scores (0 with no windows). */
  meanOutOfSample: number;
  /**
   * Walk-forward efficiency: meanOutOfSample / meanInSample, the share of the in-sample result kept out of sample
   * (1 = all of it); null when meanInSample ≤ 0 (no in-sample edge to keep).
   */
  efficiency: number | null;
  /** Share of windows whose out-of-sample score is above 0 (0 with no windows). */
  positiveOutOfSample: number;
}

export function scoreWalkForward(scores: readonly WindowScore[]): WalkForwardScore {
  const meanInSample = mean(scores.map((score) => score.inSample));
  const meanOutOfSample = mean(scores.map((score) => score.outOfSample));
  const positive = scores.filter((score) => score.outOfSample > 0).length;
  return {
    windows: scores.length,
    meanInSample,
    meanOutOfSample,
    efficiency: meanInSample > 0 ? meanOutOfSample / meanInSample : null,
    positiveOutOfSample: scores.length > 0 ? positive / scores.length : 0,
  };
}
