/** First retry delay of the outbox. */
export const OUTBOX_BACKOFF_BASE_MS = 1000;
/** Longest wait between two attempts of the same row. */
export const OUTBOX_BACKOFF_CAP_MS = 30_000;

/** The exponential ceiling for the n-th failed attempt (1-based): base·2^(n-1), capped. */
export function backoffCeiling(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(OUTBOX_BACKOFF_CAP_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30));
}

/**
 * Delay before the next attempt after `attempts` failures: "equal jitter", half the ceiling plus a random
 * share of the other half, so retries of many devices spread out yet the wait still grows. `random` is in [0, 1).
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = backoffCeiling(attempts);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
