/** Display formatting in the user's locale. Values come from the server; nothing here invents data. */

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An ISO date-time in the user's locale and time zone, e.g. "Mon, Nov 24, 9:30 AM EST". */
export function formatDateTime(iso: string, format: Intl.DateTimeFormat = dateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format.format(date);
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

export function formatTime(iso: string, format: Intl.DateTimeFormat = timeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format.format(date);
}

/** A duration in seconds as its two largest units: "2d 3h", "4h 5m", "6m 7s", "8s". */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '—';
  const seconds = Math.floor(totalSeconds);
  const units: [string, number][] = [
    ['d', Math.floor(seconds / 86_400)],
    ['h', Math.floor((seconds % 86_400) / 3600)],
    ['m', Math.floor((seconds % 3600) / 60)],
    ['s', seconds % 60],
  ];
  const first = units.findIndex(([, value]) => value > 0);
  if (first === -1) return '0s';
  return units
    .slice(first, first + 2)
    .filter(([, value], index) => index === 0 || value > 0)
    .map(([unit, value]) => `${value}${unit}`)
    .join(' ');
}

/** A ratio (0..1) as a percentage: 0.0123 → "1.23%". */
export function formatRatioPercent(ratio: number, fractionDigits = 2): string {
  if (!Number.isFinite(ratio)) return '—';
  return `${(ratio * 100).toFixed(fractionDigits)}%`;
}

/** Milliseconds, rounded for display: 0.42 → "0.4 ms", 12.6 → "13 ms". */
export function formatMilliseconds(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Bytes in binary units, three significant digits: 512 → "512 B", 1536 → "1.50 KiB", 52_428_800 → "50.0 MiB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} B`;
  return `${value.toPrecision(3)} ${BYTE_UNITS[unit]}`;
}

/** Upper-cases the first letter: "healthy" → "Healthy". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
