/**
 * Reads a strategy definition from untrusted input (the `code` JSON a user or the assistant writes, a template's
 * output) and writes its canonical JSON (spec §3's `code` field). Hand-written: the format is small, and the
 * errors name the exact field (`entry.conditions[0].left.period`) in the product's words.
 *
 * Rules:
 * - Every number is bounded (`STRATEGY_LIMITS`): indicator periods are whole numbers 1–500; percents are above 0
 *   and at most 100; a MACD's fast period is below its slow one.
 * - Unknown fields are errors (a typo never silently drops a rule); `version` (1), `side` ('long'), `match`
 *   ('all') and `stops` ({}) may be left out and get those defaults.
 * - Symbols: 1–50, each 1–10 of A–Z, 0–9, '.', '-' starting with a letter (the shape the market service
 *   accepts); read case-insensitively, then upper-cased, deduplicated and sorted.
 * - Entry needs at least one condition; exit may be empty only when a stop-loss, take-profit or trailing stop
 *   closes positions. Groups nest at most `MAX_NESTING` deep with at most `MAX_CONDITIONS` conditions each.
 * - `canonicalJson` sorts object keys at every level, so equal definitions give equal strings.
 */
import { INTERVALS, parseInterval } from '../market/candle';
import { SYMBOL_PATTERN } from '../market/symbol';
import {
  BOLLINGER_BANDS,
  DEFINITION_VERSION,
  DONCHIAN_BANDS,
  MACD_OUTPUTS,
  PRICE_FIELDS,
  type Condition,
  type ConditionKind,
  type Operand,
  type OperandKind,
  type RuleSet,
  type Sizing,
  type SizingKind,
  type Stops,
  type StrategyDefinition,
} from './definition';
import { FieldErrors, fieldPath, type FieldSpec, type NumberBounds, type Parsed } from './fieldChecks';

export const STRATEGY_LIMITS = {
  /** Indicator periods (bars). */
  period: { min: 1, max: 500, integer: true },
  /** Bollinger band width in standard deviations. */
  stdDev: { min: 0, max: 10, minExclusive: true },
  /** A constant operand (thresholds, price levels). */
  constant: { min: -1_000_000_000, max: 1_000_000_000 },
  /** Every percentage: equity share, risk, stop-loss, take-profit, trailing stop. */
  percent: { min: 0, max: 100, minExclusive: true },
  shares: { min: 0, max: 1_000_000, minExclusive: true },
  dollars: { min: 0, max: 1_000_000_000, minExclusive: true },
  /** ATR multiple of the atrRisk sizing's stop distance. */
  atrMultiple: { min: 0, max: 20, minExclusive: true },
} as const satisfies Record<string, NumberBounds>;

export const MAX_SYMBOLS = 50;
/** Conditions in one rule set or group. */
export const MAX_CONDITIONS = 20;
/** Groups inside groups, counted from the rule set (an `and` inside an `or` inside a rule set is depth 2). */
export const MAX_NESTING = 4;
/** Longest `code` text `parseDefinitionJson` reads. */
export const MAX_CODE_LENGTH = 100_000;

const { period, percent } = STRATEGY_LIMITS;

/** The fields of each operand kind besides `kind`. */
export const OPERAND_FIELDS: Readonly<Record<OperandKind, Readonly<Record<string, FieldSpec>>>> = {
  price: { field: PRICE_FIELDS },
  constant: { value: STRATEGY_LIMITS.constant },
  sma: { period },
  ema: { period },
  rsi: { period },
  macd: { output: MACD_OUTPUTS, fast: period, slow: period, signal: period },
  bollinger: { band: BOLLINGER_BANDS, period, stdDev: STRATEGY_LIMITS.stdDev },
  atr: { period },
  donchian: { band: DONCHIAN_BANDS, period },
};

/** The fields of each sizing kind besides `kind`. */
export const SIZING_FIELDS: Readonly<Record<SizingKind, Readonly<Record<string, FieldSpec>>>> = {
  fixedShares: { shares: STRATEGY_LIMITS.shares },
  fixedDollars: { dollars: STRATEGY_LIMITS.dollars },
  percentOfEquity: { percent },
  atrRisk: { riskPercent: percent, atrMultiple: STRATEGY_LIMITS.atrMultiple, atrPeriod: period },
};

const COMPARISONS = ['crossesAbove', 'crossesBelow', 'greaterThan', 'lessThan'] as const;
export const CONDITION_KINDS: readonly ConditionKind[] = [...COMPARISONS, 'between', 'and', 'or'];
const STOP_FIELDS = ['stopLossPercent', 'takeProfitPercent', 'trailingStopPercent'] as const;
const EXIT_NEEDED = 'Give an exit condition, or a stop-loss, take-profit or trailing stop';
const TOP_FIELDS = ['version', 'symbols', 'interval', 'side', 'entry', 'exit', 'sizing', 'stops'];

export function parseDefinition(input: unknown): Parsed<'definition', StrategyDefinition> {
  const errors = new FieldErrors();
  const root = errors.record(input, '', TOP_FIELDS);
  if (!root) return { ok: false, errors: errors.list };
  if (root.version !== undefined && root.version !== DEFINITION_VERSION) {
    errors.add('version', `Unsupported version; this app reads version ${DEFINITION_VERSION}`);
  }
  if (root.side !== undefined) errors.choice(root.side, 'side', ['long'] as const, 'side');
  const symbols = parseSymbols(errors, root.symbols);
  const interval = parseIntervalField(errors, root.interval);
  const entry = parseRuleSet(errors, root.entry, 'entry', 'Give at least one entry condition');
  const stops = root.stops === undefined ? {} : parseStops(errors, root.stops);
  const stopped = stops !== undefined && Object.keys(stops).length > 0;
  const exit = parseRuleSet(errors, root.exit, 'exit', stopped ? null : EXIT_NEEDED);
  const sizing = parseSizing(errors, root.sizing);
  if (errors.list.length > 0 || !symbols || !interval || !entry || !exit || !sizing || !stops) {
    return { ok: false, errors: errors.list };
  }
  return {
    ok: true,
    definition: { version: DEFINITION_VERSION, symbols, interval, side: 'long', entry, exit, sizing, stops },
  };
}

/** {@link parseDefinition} of a JSON text (the stored `code`); bad JSON is an error on the field ''. */
export function parseDefinitionJson(code: string): Parsed<'definition', StrategyDefinition> {
  if (code.length > MAX_CODE_LENGTH) {
    return { ok: false, errors: [{ field: '', message: `Longer than ${MAX_CODE_LENGTH} characters` }] };
  }
  let input: unknown;
  try {
    input = JSON.parse(code);
  } catch {
    return { ok: false, errors: [{ field: '', message: 'Not valid JSON' }] };
  }
  return parseDefinition(input);
}

/** The definition as JSON with the keys of every object sorted: the spec's `code` field. */
export function canonicalJson(definition: StrategyDefinition): string {
  return JSON.stringify(definition, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
    return sorted;
  });
}

function parseSymbols(errors: FieldErrors, value: unknown): string[] | undefined {
  const list = errors.array(value, 'symbols', 1, MAX_SYMBOLS, 'Give at least one symbol');
  if (!list) return undefined;
  const symbols = new Set<string>();
  let ok = true;
  list.forEach((item, i) => {
    const symbol = typeof item === 'string' ? item.trim().toUpperCase() : '';
    if (SYMBOL_PATTERN.test(symbol)) symbols.add(symbol);
    else ok = !errors.add(fieldPath('symbols', i), 'Must be 1–10 letters, digits, "." or "-", starting with a letter');
  });
  return ok ? [...symbols].sort() : undefined;
}

function parseIntervalField(errors: FieldErrors, value: unknown) {
  const interval = typeof value === 'string' ? parseInterval(value) : null;
  return interval ?? errors.add('interval', `Unknown interval; use one of ${INTERVALS.join(', ')}`);
}

function parseRuleSet(errors: FieldErrors, value: unknown, field: string, tooFew: string | null) {
  const source = errors.record(value, field, ['match', 'conditions']);
  if (!source) return undefined;
  const match = source.match === undefined ? 'all' : errors.choice(source.match, `${field}.match`, ['all', 'any']);
  const path = `${field}.conditions`;
  const conditions = parseConditions(errors, source.conditions, path, 1, tooFew);
  return match && conditions ? ({ match, conditions } satisfies RuleSet) : undefined;
}

/** `tooFew`: the message for an empty list, or null when an empty list is fine. */
function parseConditions(
  errors: FieldErrors,
  value: unknown,
  field: string,
  depth: number,
  tooFew: string | null,
): Condition[] | undefined {
  const list = errors.array(value, field, tooFew === null ? 0 : 1, MAX_CONDITIONS, tooFew ?? undefined);
  if (!list) return undefined;
  const conditions = list.map((item, i) => parseCondition(errors, item, fieldPath(field, i), depth));
  return conditions.every((c) => c !== undefined) ? conditions : undefined;
}

function parseCondition(errors: FieldErrors, value: unknown, field: string, depth: number): Condition | undefined {
  const kind = errors.kind(value, field, CONDITION_KINDS, 'condition');
  if (!kind) return undefined;
  if (kind === 'and' || kind === 'or') {
    const source = errors.record(value, field, ['kind', 'conditions']);
    if (!source) return undefined;
    if (depth > MAX_NESTING) return errors.add(field, `Groups nest at most ${MAX_NESTING} deep`);
    const conditions = parseConditions(
      errors,
      source.conditions,
      `${field}.conditions`,
      depth + 1,
      'Give at least one condition',
    );
    return conditions && { kind, conditions };
  }
  const names = kind === 'between' ? (['operand', 'lower', 'upper'] as const) : (['left', 'right'] as const);
  const source = errors.record(value, field, ['kind', ...names]);
  if (!source) return undefined;
  const operands = names.map((name) => parseOperand(errors, source[name], fieldPath(field, name)));
  const [a, b, c] = operands;
  if (!a || !b || (kind === 'between' && !c)) return undefined;
  return kind === 'between' ? { kind, operand: a, lower: b, upper: c! } : { kind, left: a, right: b };
}

function parseOperand(errors: FieldErrors, value: unknown, field: string): Operand | undefined {
  const operand = errors.tagged(value, field, OPERAND_FIELDS, 'indicator');
  if (operand?.kind === 'macd' && (operand.fast as number) >= (operand.slow as number)) {
    return errors.add(`${field}.slow`, 'Must be greater than fast');
  }
  return operand as Operand | undefined;
}

function parseSizing(errors: FieldErrors, value: unknown): Sizing | undefined {
  return errors.tagged(value, 'sizing', SIZING_FIELDS, 'sizing') as Sizing | undefined;
}

function parseStops(errors: FieldErrors, value: unknown): Stops | undefined {
  const source = errors.record(value, 'stops', STOP_FIELDS);
  if (!source) return undefined;
  const stops: Stops = {};
  let ok = true;
  for (const key of STOP_FIELDS) {
    if (source[key] === undefined) continue;
    const parsed = errors.number(source[key], `stops.${key}`, percent);
    if (parsed === undefined) ok = false;
    else stops[key] = parsed;
  }
  return ok ? stops : undefined;
}
