import { findInstrument } from '../../domain/market/universe';

/** Upper-cased, trimmed symbol as typed. */
export function normalizeSymbol(text: string): string {
  return text.trim().toUpperCase();
}

/** Why a typed symbol cannot be used (null when it is a known instrument). */
export function symbolProblem(text: string): string | null {
  const symbol = normalizeSymbol(text);
  if (symbol === '') return 'Enter a symbol.';
  return findInstrument(symbol) ? null : `Unknown symbol ${symbol}. Pick one from the suggestions.`;
}

/** Longest watchlist name accepted. */
export const WATCHLIST_NAME_MAX_LENGTH = 50;

/** Why a watchlist name cannot be used (null when it can). */
export function watchlistNameProblem(text: string): string | null {
  const name = text.trim();
  if (name === '') return 'Enter a name.';
  return name.length > WATCHLIST_NAME_MAX_LENGTH ? `Use at most ${WATCHLIST_NAME_MAX_LENGTH} characters.` : null;
}

/** A trigger price as typed: a positive number, or the reason it is not one. */
export function parseTriggerPrice(text: string): { price: number } | { problem: string } {
  const trimmed = text.trim().replace(/^\$/, '');
  const price = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(price) || price <= 0) {
    return { problem: 'Enter a price greater than 0.' };
  }
  return { price: Math.round(price * 100) / 100 };
}
