import * as z from 'zod';
import { MAX_PRICE } from '../../../src/domain/inputRules';
import { parseInput, symbol, uuid } from '../watchlists/validation';

/** Default and largest page of alerts(limit). */
export const DEFAULT_ALERTS_LIMIT = 50;
export const MAX_ALERTS_LIMIT = 100;
/** Longest alert message. */
export const MAX_ALERT_MESSAGE_LENGTH = 200;

/** A price in dollars: positive, finite, at most 2 decimals; parsed into integer cents. */
const price = z
  .number()
  .refine((value) => Number.isFinite(value) && value > 0, { error: 'the trigger price must be greater than 0' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'the trigger price has at most 2 decimals',
  })
  .refine((value) => value <= MAX_PRICE, { error: 'the trigger price is too large' })
  .transform((value) => Math.round(value * 100));

const condition = z.enum(['above', 'below'], { error: 'the condition is above or below' });
const message = z
  .string()
  .trim()
  .max(MAX_ALERT_MESSAGE_LENGTH, `a message has at most ${MAX_ALERT_MESSAGE_LENGTH} characters`);

const createInput = z.strictObject({
  id: uuid.optional(),
  symbol,
  condition,
  triggerPrice: price,
  message: message.optional(),
});

const updateInput = z.strictObject({
  condition: condition.optional(),
  triggerPrice: price.optional(),
  message: message.optional(),
});

const listInput = z.strictObject({
  limit: z
    .number()
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(MAX_ALERTS_LIMIT, `limit is at most ${MAX_ALERTS_LIMIT}`)
    .default(DEFAULT_ALERTS_LIMIT),
  unreadOnly: z.boolean().default(false),
});

export type CreateAlertInput = z.output<typeof createInput>;
export type UpdateAlertInput = z.output<typeof updateInput>;

export const parseCreateAlert = (input: Record<string, unknown>) => parseInput(createInput, input);
export const parseUpdateAlert = (input: Record<string, unknown>) => parseInput(updateInput, input);
export const parseAlertsList = (input: Record<string, unknown>) => parseInput(listInput, input);

/** The default message: 'AAPL above $200.00'. */
export function defaultAlertMessage(symbolText: string, conditionText: string, cents: number): string {
  return `${symbolText} ${conditionText} $${(cents / 100).toFixed(2)}`;
}
