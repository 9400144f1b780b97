/**
 * Strategy inputs (spec §3, §7) to checked values. Every refusal is BAD_USER_INPUT naming the field, built from the
 * domain parsers' field errors (`parameters.fast: …`, `code.entry.conditions[0].left.kind: …`, `symbols: …`);
 * the errors also travel whole in `extensions.fieldErrors`.
 */
import * as z from 'zod';
import { DAY_MS } from '../../../src/domain/market/calendar';
import type { Interval } from '../../../src/domain/market/candle';
import {
  definitionFromTemplate,
  findTemplate,
  MAX_SYMBOLS,
  parseDefinitionJson,
  type FieldError,
  type Parsed,
  type StrategyDefinition,
} from '../../../src/domain/strategies';
import { AppError } from '../errors';
import { uuid } from '../watchlists/validation';

export const MAX_STRATEGY_NAME_LENGTH = 60;
export const MAX_DESCRIPTION_LENGTH = 5_000;
export const MAX_TAGS = 20;
export const DEFAULT_CAPITAL = 100_000;

/** BAD_USER_INPUT listing the field errors (each named by its path under `base`). */
export function fieldErrors(errors: readonly FieldError[], base: string): AppError {
  const named = errors.map(({ field, message }) => {
    const path = base === '' ? field : field === '' ? base : field.startsWith('[') ? base + field : `${base}.${field}`;
    return { field: path, message };
  });
  const text = named.map(({ field, message }) => (field ? `${field}: ${message}` : message)).join('; ');
  return new AppError('BAD_USER_INPUT', text || 'invalid input', { fieldErrors: named });
}

/** The value of a domain parse, or BAD_USER_INPUT naming its fields under `base`. */
export function parsedOrThrow<K extends string, T>(parsed: Parsed<K, T>, key: K, base: string): T {
  if (!parsed.ok) throw fieldErrors(parsed.errors, base);
  return (parsed as Record<K, T>)[key];
}

const name = z
  .string()
  .trim()
  .min(1, 'a strategy needs a name')
  .max(MAX_STRATEGY_NAME_LENGTH, `a strategy name has at most ${MAX_STRATEGY_NAME_LENGTH} characters`);
const tags = z
  .array(z.string().trim().min(1, 'a tag is not empty').max(40, 'a tag has at most 40 characters'))
  .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
  .transform((list) => [...new Set(list)]);
const level = z.enum(['low', 'medium', 'high']);
const horizon = z.enum(['short', 'medium', 'long']);

const definitionFields = {
  templateId: z.string().optional(),
  parameters: z.unknown().optional(),
  code: z.string().optional(),
  symbols: z.array(z.string()).optional(),
  interval: z.string().optional(),
};
const createInput = z.strictObject({
  name,
  description: z.string().max(MAX_DESCRIPTION_LENGTH).default(''),
  tags: tags.optional(),
  riskLevel: level.optional(),
  timeHorizon: horizon.optional(),
  ...definitionFields,
});
const updateInput = createInput.partial();
type DefinitionInput = Partial<Record<keyof typeof definitionFields, unknown>>;

/** A definition and where it came from. */
export interface DefinitionSource {
  definition: StrategyDefinition;
  templateId: string | null;
  parameters: Record<string, number> | null;
}

/** From `code`, or from a template, its parameters and setup; both or neither is an error. */
export function definitionOf(input: DefinitionInput): DefinitionSource {
  const { templateId, parameters, code, symbols, interval } = input;
  if (typeof code === 'string') {
    if (templateId !== undefined || parameters !== undefined) {
      throw fieldErrors([{ field: 'code', message: 'Give either code or templateId with parameters, not both' }], '');
    }
    if (symbols !== undefined || interval !== undefined) {
      throw fieldErrors([{ field: 'symbols', message: 'A definition in code names its own symbols and interval' }], '');
    }
    return {
      definition: parsedOrThrow(parseDefinitionJson(code), 'definition', 'code'),
      templateId: null,
      parameters: null,
    };
  }
  if (templateId === undefined) {
    throw fieldErrors([{ field: 'templateId', message: 'Give a templateId (with parameters) or code' }], '');
  }
  const setup = {
    symbols: (symbols as string[] | undefined)?.map((s) => s.trim().toUpperCase()) ?? ['SPY'],
    interval: (interval ?? '1D') as Interval,
  };
  if (setup.symbols.length > MAX_SYMBOLS) {
    throw fieldErrors([{ field: 'symbols', message: `At most ${MAX_SYMBOLS} symbols` }], '');
  }
  // The domain names template parameters `params.<name>`; the API calls them `parameters`.
  const parsed = definitionFromTemplate(templateId, parameters ?? undefined, setup);
  if (!parsed.ok) {
    throw fieldErrors(
      parsed.errors.map((e) => ({ ...e, field: e.field.replace(/^params(?=\.|$)/, 'parameters') })),
      '',
    );
  }
  const template = findTemplate(templateId as string)!;
  const filled = Object.fromEntries(
    template.parameters.map((p) => [p.name, (parameters as Record<string, number> | undefined)?.[p.name] ?? p.default]),
  );
  return { definition: parsed.definition, templateId: template.id, parameters: filled };
}

/** Parses `input` with `schema`; every problem is named (BAD_USER_INPUT "field: message; …"). */
function parseInput<T extends z.ZodType>(schema: T, input: Record<string, unknown>): z.output<T> {
  // GraphQL gives null for omitted optional arguments; the schemas want them absent.
  const present = Object.fromEntries(Object.entries(input).filter(([, value]) => value != null));
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  throw fieldErrors(
    parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    '',
  );
}

export const parseCreateStrategy = (input: Record<string, unknown>) => parseInput(createInput, input);
export const parseUpdateStrategy = (input: Record<string, unknown>) => parseInput(updateInput, input);
export const parseStrategyId = (id: unknown) => parseInput(z.strictObject({ id: uuid }), { id }).id;

const isoDate = z.iso
  .datetime({ offset: true, error: 'expected an ISO-8601 date-time' })
  .transform((s) => Date.parse(s));
const evolveInput = z
  .strictObject({
    strategyId: uuid.optional(),
    code: z.string().optional(),
    symbols: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(20)
          .transform((s) => s.toUpperCase()),
      )
      .min(1, 'at least one symbol')
      .max(MAX_SYMBOLS, `at most ${MAX_SYMBOLS} symbols`)
      .transform((list) => [...new Set(list)])
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    initialCapital: z
      .number()
      .min(100, 'must be at least 100 dollars')
      .max(10_000_000, 'must be at most 10,000,000 dollars')
      .default(DEFAULT_CAPITAL),
    commissionCents: z.number().int().min(0).max(10_000).default(0),
    slippageBps: z.number().int().min(0).max(1_000).default(0),
  })
  .refine((v) => (v.strategyId === undefined) !== (v.code === undefined), {
    error: 'give either strategyId or code',
    path: ['strategyId'],
  })
  .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, {
    error: 'must not be after to',
    path: ['from'],
  });

export type EvolveInput = z.output<typeof evolveInput>;
export const parseEvolveStrategy = (input: Record<string, unknown>) => parseInput(evolveInput, input);

/** The longest period strategyPerformance reads (10 years of daily bars). */
export const MAX_PERFORMANCE_DAYS = 3_653;
const performanceInput = z
  .strictObject({ id: uuid, startDate: isoDate.optional(), endDate: isoDate.optional() })
  .refine((v) => v.startDate === undefined || v.endDate === undefined || v.startDate <= v.endDate, {
    error: 'must not be before startDate',
    path: ['endDate'],
  });

/**
 * strategyPerformance's arguments: the period defaults to the year up to `now`; the end may not be more than a day
 * after `now`, and the period spans at most {@link MAX_PERFORMANCE_DAYS} days.
 */
export function parseStrategyPerformance(input: Record<string, unknown>, now: number) {
  const parsed = parseInput(performanceInput, input);
  const endDate = parsed.endDate ?? now;
  const startDate = parsed.startDate ?? Math.min(endDate, now) - 365 * DAY_MS;
  const errors: FieldError[] = [];
  if (endDate > now + DAY_MS) errors.push({ field: 'endDate', message: 'must not be in the future' });
  if (endDate - startDate > MAX_PERFORMANCE_DAYS * DAY_MS) {
    errors.push({ field: 'startDate', message: `the period spans at most ${MAX_PERFORMANCE_DAYS} days` });
  }
  if (endDate < startDate) errors.push({ field: 'endDate', message: 'must not be before startDate' });
  if (errors.length > 0) throw fieldErrors(errors, '');
  return { id: parsed.id, startDate, endDate };
}
