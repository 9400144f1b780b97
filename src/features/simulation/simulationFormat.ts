/** Display formats of the Simulation page. */

const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole dollars ($100,386): simulated equity is an estimate, cents would claim a precision it has not. */
export function formatWholeUsd(value: number): string {
  return Number.isFinite(value) ? wholeUsd.format(value) : '—';
}
