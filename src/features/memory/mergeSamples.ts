/**
 * The charts' hour of samples kept up to date with small requests. Rules:
 * - Without a previous answer, or when its newest sample is older than the short window (the page was closed a
 *   while), the whole window is asked for; otherwise only the short window.
 * - Merging keeps the previous samples older than the fresh answer's first one, then the fresh samples, and drops
 *   what falls out of the window (before `windowStartMs`). Samples are in time order (ISO-8601 `timestamp`).
 */
export interface TimedSample {
  timestamp: string;
}

/** The minutes to ask for, given the previous answer's newest sample (epoch ms) or none. */
export function minutesToFetch(newestMs: number | undefined, nowMs: number, shortMinutes: number, fullMinutes: number) {
  return newestMs !== undefined && nowMs - newestMs < shortMinutes * 60_000 ? shortMinutes : fullMinutes;
}

export function mergeSamples<T extends TimedSample>(
  previous: readonly T[],
  fresh: readonly T[],
  windowStartMs: number,
): T[] {
  const firstFresh = fresh[0] ? Date.parse(fresh[0].timestamp) : Number.POSITIVE_INFINITY;
  return [...previous.filter((sample) => Date.parse(sample.timestamp) < firstFresh), ...fresh].filter(
    (sample) => Date.parse(sample.timestamp) >= windowStartMs,
  );
}
