import { formatDateTime } from '../../lib/format';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A daily bar's date: "Nov 23, 2026". */
export function formatDay(iso: string): string {
  return formatDateTime(iso, dayFormat);
}

/** Curve points as the chart takes them: epoch seconds, values scaled (100 for percent). */
export function curvePoints(points: readonly { time: string; value: number }[], scale = 1) {
  return points.map((point) => ({ time: Math.floor(Date.parse(point.time) / 1000), value: point.value * scale }));
}
