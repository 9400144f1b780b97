/**
 * Short constructors for definition parts, so templates and tests read like the rules they state:
 * `all(crossesAbove(sma(20), sma(50)))`. They build plain data (see `definition.ts`); nothing is checked here.
 */
import type { BollingerBand, Condition, DonchianBand, MacdOutput, Operand, PriceField, RuleSet } from './definition';

export const price = (field: PriceField): Operand => ({ kind: 'price', field });
export const close = price('close');
export const constant = (value: number): Operand => ({ kind: 'constant', value });
export const sma = (period: number): Operand => ({ kind: 'sma', period });
export const ema = (period: number): Operand => ({ kind: 'ema', period });
export const rsi = (period: number): Operand => ({ kind: 'rsi', period });
export const atr = (period: number): Operand => ({ kind: 'atr', period });
export const macd = (output: MacdOutput, fast: number, slow: number, signal: number): Operand => ({
  kind: 'macd',
  output,
  fast,
  slow,
  signal,
});
export const bollinger = (band: BollingerBand, period: number, stdDev: number): Operand => ({
  kind: 'bollinger',
  band,
  period,
  stdDev,
});
export const donchian = (band: DonchianBand, period: number): Operand => ({ kind: 'donchian', band, period });

export const crossesAbove = (left: Operand, right: Operand): Condition => ({ kind: 'crossesAbove', left, right });
export const crossesBelow = (left: Operand, right: Operand): Condition => ({ kind: 'crossesBelow', left, right });
export const greaterThan = (left: Operand, right: Operand): Condition => ({ kind: 'greaterThan', left, right });
export const lessThan = (left: Operand, right: Operand): Condition => ({ kind: 'lessThan', left, right });
export const between = (operand: Operand, lower: Operand, upper: Operand): Condition => ({
  kind: 'between',
  operand,
  lower,
  upper,
});
export const and = (...conditions: Condition[]): Condition => ({ kind: 'and', conditions });
export const or = (...conditions: Condition[]): Condition => ({ kind: 'or', conditions });

/** A rule set that holds when every condition holds. */
export const all = (...conditions: Condition[]): RuleSet => ({ match: 'all', conditions });
/** A rule set that holds when any condition holds. */
export const any = (...conditions: Condition[]): RuleSet => ({ match: 'any', conditions });
