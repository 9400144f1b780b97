/** Plain-text number formatting for assistant replies (markdown written on the server, read in any locale). */

export function usd(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}$${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function signedUsd(value: number): string {
  return value > 0 ? `+${usd(value)}` : usd(value);
}

export function signedPercent(value: number): string {
  const text = `${Math.abs(value).toFixed(2)}%`;
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

export function quantity(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

export function round(value: number | null, digits = 2): string {
  return value === null ? 'n/a' : value.toFixed(digits);
}
