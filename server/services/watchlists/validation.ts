import * as z from 'zod';
import { badUserInput } from '../errors';

/** Longest watchlist name (after trimming). */
export const MAX_WATCHLIST_NAME_LENGTH = 50;
/** Most symbols one watchlist holds. */
export const MAX_WATCHLIST_SYMBOLS = 100;

export const uuid = z.uuid({ error: 'expected a UUID' });

const name = z
  .string()
  .trim()
  .min(1, 'a watchlist needs a name')
  .max(MAX_WATCHLIST_NAME_LENGTH, `a watchlist name has at most ${MAX_WATCHLIST_NAME_LENGTH} characters`);

/** Upper-cased and trimmed; whether the market knows it is checked against the instruments afterwards. */
export const symbol = z
  .string()
  .trim()
  .min(1, 'a symbol is required')
  .max(20, 'unknown symbol')
  .transform((value) => value.toUpperCase());

const symbols = z
  .array(symbol)
  .transform((list) => [...new Set(list)])
  .refine((list) => list.length <= MAX_WATCHLIST_SYMBOLS, {
    error: `a watchlist holds at most ${MAX_WATCHLIST_SYMBOLS} symbols`,
  });

const createInput = z.strictObject({ id: uuid.optional(), name, symbols: symbols.default([]) });
const updateInput = z.strictObject({ id: uuid, name: name.optional(), symbols: symbols.optional() });
const symbolInput = z.strictObject({ watchlistId: uuid, symbol });

export type CreateWatchlistInput = z.output<typeof createInput>;
export type UpdateWatchlistInput = z.output<typeof updateInput>;
export type WatchlistSymbolInput = z.output<typeof symbolInput>;

/** Parses `input` with `schema`; the first problem becomes BAD_USER_INPUT ("field: message"). */
export function parseInput<T extends z.ZodType>(schema: T, input: Record<string, unknown>): z.output<T> {
  // GraphQL gives null for omitted optional arguments; the schemas want them absent.
  const present = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  );
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.');
  throw badUserInput(`${field ? `${field}: ` : ''}${issue?.message ?? 'invalid input'}`);
}

export const parseCreateWatchlist = (input: Record<string, unknown>) => parseInput(createInput, input);
export const parseUpdateWatchlist = (input: Record<string, unknown>) => parseInput(updateInput, input);
export const parseWatchlistSymbol = (input: Record<string, unknown>) => parseInput(symbolInput, input);
export const parseId = (id: unknown) => parseInput(z.strictObject({ id: uuid }), { id }).id;

/** BAD_USER_INPUT naming the first symbol the market does not know. */
export function assertKnownSymbols(list: readonly string[], known: { has(symbol: string): boolean }): void {
  const unknown = list.find((s) => !known.has(s));
  if (unknown !== undefined) throw badUserInput(`symbol: unknown symbol ${unknown}`);
}
