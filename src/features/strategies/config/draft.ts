/**
 * The rule builder's state (a draft) and its way to and from a `StrategyDefinition`.
 *
 * Rules:
 * - A draft mirrors the definition's shape, with numbers kept as the text typed, so `draftInput` gives the object
 *   `parseDefinition` reads and each of its errors names the path of the field the builder shows
 *   (`entry.conditions[1].right.period`); nothing is checked here.
 * - Text that is not a number is passed on as it is (the parser's message then names the field); an empty stop is
 *   left out (stops are optional); symbols are typed as one list ("AAPL, MSFT").
 * - A condition keeps every operand slot it had, so switching between "is above" and "is between" keeps the operands
 *   typed: left ↔ operand, right ↔ lower.
 * - `draftFromDefinition(d)` read back by `draftInput` and `parseDefinition` gives `d` again.
 */
import type {
  Condition,
  Operand,
  OperandKind,
  RuleSet,
  SizingKind,
  StrategyDefinition,
} from '../../../domain/strategies';
import type { Interval } from '../../../domain/market/candle';
import { parseSymbols } from '../strategyFormat';
import { startingValues, type ComparisonKind } from './operands';

export interface DraftOperand {
  kind: OperandKind;
  /** Field name → text (numbers as typed, choices as their word). */
  values: Record<string, string>;
}

export interface DraftComparison {
  id: string;
  kind: ComparisonKind;
  /** Slot name (`left`, `right`, `operand`, `lower`, `upper`) → operand. */
  operands: Record<string, DraftOperand>;
}

export interface DraftGroup {
  id: string;
  kind: 'and' | 'or';
  conditions: DraftCondition[];
}

export type DraftCondition = DraftComparison | DraftGroup;

export function isGroup(condition: DraftCondition): condition is DraftGroup {
  return condition.kind === 'and' || condition.kind === 'or';
}

export interface DraftRuleSet {
  match: 'all' | 'any';
  conditions: DraftCondition[];
}

export const STOP_KEYS = ['stopLossPercent', 'takeProfitPercent', 'trailingStopPercent'] as const;
export type StopKey = (typeof STOP_KEYS)[number];

export interface Draft {
  symbols: string;
  interval: Interval;
  entry: DraftRuleSet;
  exit: DraftRuleSet;
  sizing: { kind: SizingKind; values: Record<string, string> };
  /** Empty text: no such stop. */
  stops: Record<StopKey, string>;
}

let nextId = 0;
/** A key for React lists (conditions are added, removed and reordered by the user). */
export function newId(): string {
  nextId += 1;
  return `c${nextId}`;
}

export function operandSlots(kind: ComparisonKind): readonly string[] {
  return kind === 'between' ? ['operand', 'lower', 'upper'] : ['left', 'right'];
}

export function draftOperand(kind: OperandKind, values: Record<string, string> = startingValues(kind)): DraftOperand {
  return { kind, values };
}

/** A new condition: RSI(14) is below 30, or the operands of `from` moved to `kind`'s slots. */
export function draftComparison(kind: ComparisonKind, from?: Record<string, DraftOperand>): DraftComparison {
  const old = from ?? {};
  const first = old.left ?? old.operand ?? draftOperand('rsi');
  const second = old.right ?? old.lower ?? draftOperand('constant');
  const operands =
    kind === 'between'
      ? { ...old, operand: first, lower: second, upper: old.upper ?? draftOperand('constant', { value: '70' }) }
      : { ...old, left: first, right: second };
  return { id: newId(), kind, operands };
}

function draftOperandOf(operand: Operand): DraftOperand {
  const { kind, ...rest } = operand;
  return { kind, values: Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, String(value)])) };
}

function draftConditionOf(condition: Condition): DraftCondition {
  switch (condition.kind) {
    case 'and':
    case 'or':
      return { id: newId(), kind: condition.kind, conditions: condition.conditions.map(draftConditionOf) };
    case 'between':
      return {
        id: newId(),
        kind: 'between',
        operands: {
          operand: draftOperandOf(condition.operand),
          lower: draftOperandOf(condition.lower),
          upper: draftOperandOf(condition.upper),
        },
      };
    default:
      return {
        id: newId(),
        kind: condition.kind,
        operands: { left: draftOperandOf(condition.left), right: draftOperandOf(condition.right) },
      };
  }
}

function draftRuleSetOf(rules: RuleSet): DraftRuleSet {
  return { match: rules.match, conditions: rules.conditions.map(draftConditionOf) };
}

export function draftFromDefinition(definition: StrategyDefinition): Draft {
  const { kind, ...sizing } = definition.sizing;
  return {
    symbols: definition.symbols.join(', '),
    interval: definition.interval,
    entry: draftRuleSetOf(definition.entry),
    exit: draftRuleSetOf(definition.exit),
    sizing: { kind, values: Object.fromEntries(Object.entries(sizing).map(([k, v]) => [k, String(v)])) },
    stops: Object.fromEntries(
      STOP_KEYS.map((key) => [key, definition.stops[key] === undefined ? '' : String(definition.stops[key])]),
    ) as Record<StopKey, string>,
  };
}

/** Typed text as the parser reads it: a number when it is one, else the text itself (to be refused by name). */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : trimmed;
}

function valuesInput(values: Record<string, string>): Record<string, number | string> {
  return Object.fromEntries(Object.entries(values).map(([name, text]) => [name, numberOrText(text)]));
}

function operandInput(operand: DraftOperand): Record<string, unknown> {
  return { kind: operand.kind, ...valuesInput(operand.values) };
}

function conditionInput(condition: DraftCondition): Record<string, unknown> {
  if (isGroup(condition)) return { kind: condition.kind, conditions: condition.conditions.map(conditionInput) };
  const { operands } = condition;
  const slots = operandSlots(condition.kind).map((slot) => [slot, operandInput(operands[slot]!)]);
  return { kind: condition.kind, ...Object.fromEntries(slots) };
}

function ruleSetInput(rules: DraftRuleSet) {
  return { match: rules.match, conditions: rules.conditions.map(conditionInput) };
}

/** The draft as the plain object `parseDefinition` reads (see the rules above). */
export function draftInput(draft: Draft): Record<string, unknown> {
  const stops: Record<string, number | string> = {};
  for (const key of STOP_KEYS) {
    if (draft.stops[key].trim() !== '') stops[key] = numberOrText(draft.stops[key]);
  }
  return {
    symbols: parseSymbols(draft.symbols),
    interval: draft.interval,
    entry: ruleSetInput(draft.entry),
    exit: ruleSetInput(draft.exit),
    sizing: { kind: draft.sizing.kind, ...valuesInput(draft.sizing.values) },
    stops,
  };
}

/**
 * Field errors (the parser's, or the server's with `code.` in front) keyed by the path the builder shows them at;
 * a symbol's error is shown at the symbols field. The first message of a field wins.
 */
export function errorsByField(errors: readonly { field: string; message: string }[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { field, message } of errors) {
    const key = field.replace(/^code\.?/, '').replace(/^symbols\[\d+\]$/, 'symbols');
    found[key] ??= message;
  }
  return found;
}
