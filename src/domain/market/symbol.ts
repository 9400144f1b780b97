/**
 * A ticker's shape, the one rule for every symbol a user types (orders, watchlists, alerts, strategies, slash
 * commands): 1–10 of A–Z, 0–9, '.' and '-', starting with a letter, upper case (callers upper-case first).
 */
export const SYMBOL_PATTERN = /^[A-Z][A-Z0-9.-]{0,9}$/;
