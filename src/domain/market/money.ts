/**
 * Market prices travel as numbers of dollars rounded to whole cents (quotes, bars); money that is
 * accumulated (cash, P&L) should be kept in integer cents, see {@link toCents}.
 */

/** Rounds dollars to whole cents, half up; the relative nudge keeps values like 1.005 (stored as 1.00499…) right. */
export function roundCents(dollars: number): number {
  return Math.round(dollars * (1 + Number.EPSILON) * 100) / 100;
}

/** Dollars to an integer number of cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * (1 + Number.EPSILON) * 100);
}

/** Integer cents to dollars. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** No simulated price goes below one cent. */
export const MIN_PRICE = 0.01;

/** A market price from a log price: the exponential rounded to cents, never below {@link MIN_PRICE}. */
export function priceFromLog(logPrice: number): number {
  const cents = Math.round(Math.exp(logPrice) * (1 + Number.EPSILON) * 100) / 100;
  return cents > MIN_PRICE ? cents : MIN_PRICE;
}
