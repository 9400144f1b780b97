/**
 * Grid search (pure): every set of the space's grid (`paramSpace.ts`, capped) scored on every range at once, and
 * the best set per range.
 *
 * Rules:
 * - The best set has the highest score; ties go to the set that comes first in grid order, so the answer does not
 *   depend on batch sizes or worker counts.
 * - A range where every score is −Infinity (no set qualifies) has no best set (null).
 */
import type { ParamSet } from './paramSpace';

export interface Scored<T> {
  params: ParamSet;
  /** The objective (−Infinity when the set does not qualify). */
  score: number;
  /** What the score was computed from (the evaluation's metrics). */
  detail: T;
}

/** Keeps the first highest-scoring candidate; null while every score is −Infinity. */
export function better<T>(best: Scored<T> | null, candidate: Scored<T>): Scored<T> | null {
  if (candidate.score === Number.NEGATIVE_INFINITY || Number.isNaN(candidate.score)) return best;
  return best === null || candidate.score > best.score ? candidate : best;
}

/**
 * The best of `sets` on each range. `score` answers `[set][range]` for a batch of sets (the caller batches and
 * counts progress).
 */
export async function gridSearch<T>(
  sets: readonly ParamSet[],
  rangeCount: number,
  score: (sets: readonly ParamSet[]) => Promise<{ score: number; detail: T }[][]>,
): Promise<(Scored<T> | null)[]> {
  const scores = await score(sets);
  const best: (Scored<T> | null)[] = Array.from({ length: rangeCount }, () => null);
  sets.forEach((params, s) => {
    for (let r = 0; r < rangeCount; r++) best[r] = better(best[r]!, { params, ...scores[s]![r]! });
  });
  return best;
}
