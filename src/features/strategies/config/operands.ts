/**
 * What the rule builder offers for each operand, comparison and sizing: labels, the editor's fields with their
 * bounds (the domain's `OPERAND_FIELDS` / `SIZING_FIELDS`, so the editor and `parseDefinition` never disagree) and
 * the values a newly chosen kind starts with.
 */
import {
  OPERAND_FIELDS,
  SIZING_FIELDS,
  type ConditionKind,
  type OperandKind,
  type SizingKind,
} from '../../../domain/strategies';
import type { FieldSpec, NumberBounds } from '../../../domain/strategies/fieldChecks';

export const OPERAND_LABELS: Readonly<Record<OperandKind, string>> = {
  price: 'Price',
  constant: 'Number',
  sma: 'SMA',
  ema: 'EMA',
  rsi: 'RSI',
  macd: 'MACD',
  bollinger: 'Bollinger band',
  atr: 'ATR',
  donchian: 'Donchian channel',
};

/** The comparisons a condition offers (groups are added with their own action). */
export const COMPARISON_LABELS = {
  crossesAbove: 'crosses above',
  crossesBelow: 'crosses below',
  greaterThan: 'is above',
  lessThan: 'is below',
  between: 'is between',
} as const satisfies Partial<Record<ConditionKind, string>>;
export type ComparisonKind = keyof typeof COMPARISON_LABELS;

export const SIZING_LABELS: Readonly<Record<SizingKind, string>> = {
  fixedShares: 'Fixed shares',
  fixedDollars: 'Fixed dollars',
  percentOfEquity: 'Percent of equity',
  atrRisk: 'ATR risk',
};

/** Labels of the fields the editors show (choices and numbers of operands and sizings). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  field: 'Field',
  value: 'Value',
  period: 'Period',
  output: 'Output',
  fast: 'Fast',
  slow: 'Slow',
  signal: 'Signal',
  band: 'Band',
  stdDev: 'Std dev',
  shares: 'Shares',
  dollars: 'Dollars',
  percent: 'Percent of equity',
  riskPercent: 'Risk % of equity',
  atrMultiple: 'ATR multiple',
  atrPeriod: 'ATR period',
};

/** What each field of a new operand or sizing starts at (choices start at their first word). */
const STARTING_NUMBERS: Readonly<Record<string, number>> = {
  value: 30,
  period: 14,
  fast: 12,
  slow: 26,
  signal: 9,
  stdDev: 2,
  shares: 10,
  dollars: 10_000,
  percent: 10,
  riskPercent: 1,
  atrMultiple: 2,
  atrPeriod: 20,
};

export function isChoiceSpec(spec: FieldSpec): spec is readonly string[] {
  return Array.isArray(spec);
}

export function stepOf(bounds: NumberBounds): number {
  return bounds.integer ? 1 : 0.5;
}

/** The fields of an operand kind (`OPERAND_FIELDS`) or sizing kind (`SIZING_FIELDS`). */
export function fieldSpecs(kind: OperandKind | SizingKind): Readonly<Record<string, FieldSpec>> {
  return kind in OPERAND_FIELDS ? OPERAND_FIELDS[kind as OperandKind] : SIZING_FIELDS[kind as SizingKind];
}

/** A new operand's or sizing's fields as the editor holds them (text). */
export function startingValues(kind: OperandKind | SizingKind): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldSpecs(kind)).map(([name, spec]) => [
      name,
      isChoiceSpec(spec) ? (spec[0] ?? '') : String(STARTING_NUMBERS[name] ?? spec.min),
    ]),
  );
}
