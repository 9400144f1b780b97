/**
 * One CSV field as the app's CSV files write it (report exports, conversation exports).
 *
 * Rules:
 * - RFC 4180: a field holding a comma, a quote, CR or LF is quoted, its quotes doubled.
 * - Formula injection: text starting with = + - @ (or a tab or CR) is prefixed with ' so that spreadsheets show it
 *   as text, never run it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
