/** Display formats for prices, money, changes and volumes (en-US dollars; values come from the server). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
const shares = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** $1,234.56; "—" for a missing value. */
export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : usd.format(value);
}

/** +$12.30 / −$4.00 (a sign always shown; zero is unsigned). */
export function formatSignedUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const cents = Math.round(value * 100);
  const text = usd.format(Math.abs(cents) / 100);
  if (cents > 0) return `+${text}`;
  return cents < 0 ? `−${text}` : text;
}

/** A percentage given in percent units: 1.234 → "+1.23%". */
export function formatSignedPercent(value: number | null | undefined, fractionDigits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = `${Math.abs(value).toFixed(fractionDigits)}%`;
  // A change that rounds to zero ("0.00%") carries no sign.
  if (Number(text.slice(0, -1)) === 0) return text;
  return value > 0 ? `+${text}` : `−${text}`;
}

/** A gain or loss as ChangeText shows it: "+$1.20 (+0.75%)", or the amount alone without `percent` (percent units). */
export function formatChange(change: number | null | undefined, percent?: number | null): string {
  return percent === undefined
    ? formatSignedUsd(change)
    : `${formatSignedUsd(change)} (${formatSignedPercent(percent)})`;
}

/** 1.2M, 950K, 3.1B (volumes, market caps). */
export function formatCompact(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : compact.format(value);
}

/** A share count: 10, 2.5. */
export function formatShares(value: number): string {
  return shares.format(value);
}

/** A plain number with fixed decimals ("—" when missing), for indicator values. */
export function formatNumber(value: number | null | undefined, fractionDigits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(fractionDigits);
}

/** The colour token of a gain, a loss or no change. */
export function changeColor(value: number | null | undefined): string {
  if (value === null || value === undefined || value === 0 || !Number.isFinite(value)) return 'fg.muted';
  return value > 0 ? 'fg.success' : 'fg.error';
}
