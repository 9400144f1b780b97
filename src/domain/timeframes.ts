/** Chart timeframes a user may choose as the default (schema `Preferences.defaultTimeframe`). */
export const TIMEFRAMES = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;

export type Timeframe = (typeof TIMEFRAMES)[number];

function isTimeframe(value: string): value is Timeframe {
  return (TIMEFRAMES as readonly string[]).includes(value);
}

/**
 * Returns the canonical form of a timeframe, or null when it is not one of TIMEFRAMES.
 * Hour, day and week units may be upper-case (onboarding shows "1D"); minutes may not, because
 * "1M" conventionally means one month.
 */
export function normalizeTimeframe(value: string): Timeframe | null {
  const trimmed = value.trim();
  const canonical = trimmed.replace(/[HDW]$/, (unit) => unit.toLowerCase());
  return isTimeframe(canonical) ? canonical : null;
}
