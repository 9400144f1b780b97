/**
 * The rules every value a user sends must pass before any area's own validation (the server applies them to
 * every argument of every GraphQL field: server/graphql/inputRules.ts). Pure, so the client may use them too.
 *
 * Text (String and ID):
 * - well-formed Unicode (no lone surrogate halves), normalised to NFC;
 * - no control characters (C0, DEL, C1); multi-line text (fields marked `@multiline`) may hold tab, line feed
 *   and carriage return;
 * - at most {@link MAX_TEXT_LENGTH} characters, or {@link MAX_MULTILINE_TEXT_LENGTH} for multi-line text
 *   (each area may allow fewer).
 *
 * Numbers (Float): -0 becomes 0; at most {@link MAX_NUMBER} either way. Money (`@money`, dollars) is at most {@link MAX_PRICE} either way, so that its
 * cents fit exactly in a JavaScript number and in the `bigint` columns; share quantities (`@shares`) at most
 * {@link MAX_ORDER_QUANTITY}, so that quantity × price in cents stays below 2^53 (exact).
 */

/** Longest single-line text (names, titles, symbols, ids, reasons). */
export const MAX_TEXT_LENGTH = 1_000;
/** Longest multi-line text (a chat message). */
export const MAX_MULTILINE_TEXT_LENGTH = 20_000;
/** Largest Float any argument takes (a percentage, a ratio). */
export const MAX_NUMBER = 1_000_000_000;
/** Largest price or amount in dollars: $10,000,000 (10^9 cents). */
export const MAX_PRICE = 10_000_000;
/** Largest share quantity of one order: 1,000,000 (× {@link MAX_PRICE} = 10^15 cents < 2^53). */
export const MAX_ORDER_QUANTITY = 1_000_000;

// Every C0 control, DEL and every C1 control; the multi-line set leaves out tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type RuleResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A text value checked and normalised (NFC); `problem` says what is wrong, for "field: problem". */
export function checkText(value: string, { multiline = false }: { multiline?: boolean } = {}): RuleResult<string> {
  const max = multiline ? MAX_MULTILINE_TEXT_LENGTH : MAX_TEXT_LENGTH;
  // Checked before anything else looks at the whole value (normalising a megabyte costs time).
  if (value.length > max * 4) return { ok: false, problem: `at most ${max} characters` };
  if (LONE_SURROGATE.test(value)) return { ok: false, problem: 'not valid Unicode text' };
  if ((multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) {
    return {
      ok: false,
      problem: multiline
        ? 'control characters are not allowed (except tab and new line)'
        : 'control characters are not allowed',
    };
  }
  const normalized = value.normalize('NFC');
  if (normalized.length > max) return { ok: false, problem: `at most ${max} characters` };
  return { ok: true, value: normalized };
}

export type NumberKind = 'money' | 'shares' | 'number';

/** A Float checked against the bound of its kind; -0 becomes 0. */
export function checkNumber(value: number, kind: NumberKind = 'number'): RuleResult<number> {
  if (!Number.isFinite(value)) return { ok: false, problem: 'expected a finite number' };
  if (kind === 'money' && Math.abs(value) > MAX_PRICE) {
    return { ok: false, problem: `at most ${MAX_PRICE} dollars` };
  }
  if (kind === 'shares' && Math.abs(value) > MAX_ORDER_QUANTITY) {
    return { ok: false, problem: `at most ${MAX_ORDER_QUANTITY} shares` };
  }
  if (Math.abs(value) > MAX_NUMBER) return { ok: false, problem: `at most ${MAX_NUMBER}` };
  return { ok: true, value: value === 0 ? 0 : value };
}

/** Whether a price in dollars is within the bounds every price must respect (positive, at most MAX_PRICE). */
export function isPriceInBounds(dollars: number): boolean {
  return Number.isFinite(dollars) && dollars > 0 && dollars <= MAX_PRICE;
}
