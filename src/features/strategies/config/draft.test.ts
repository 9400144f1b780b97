import { describe, expect, it } from 'vitest';
import {
  OPERAND_FIELDS,
  parseDefinition,
  rules,
  SIZING_FIELDS,
  STRATEGY_TEMPLATES,
  type OperandKind,
  type SizingKind,
  type StrategyDefinition,
} from '../../../domain/strategies';
import {
  draftComparison,
  draftFromDefinition,
  draftInput,
  draftOperand,
  errorsByField,
  isGroup,
  type Draft,
} from './draft';
import { startingValues } from './operands';

const custom: StrategyDefinition = {
  version: 1,
  symbols: ['AAPL', 'MSFT'],
  interval: '1D',
  side: 'long',
  entry: rules.any(
    rules.between(rules.rsi(14), rules.constant(20), rules.constant(35)),
    rules.and(rules.crossesAbove(rules.macd('line', 12, 26, 9), rules.macd('signal', 12, 26, 9))),
  ),
  exit: rules.all(rules.greaterThan(rules.close, rules.bollinger('upper', 20, 2.5))),
  sizing: { kind: 'atrRisk', riskPercent: 1, atrMultiple: 2, atrPeriod: 20 },
  stops: { stopLossPercent: 8, trailingStopPercent: 12.5 },
};

function reparse(draft: Draft) {
  return parseDefinition(draftInput(draft));
}

describe('draftFromDefinition and draftInput', () => {
  it('give back every template definition and a custom one with groups, between, stops and ATR sizing', () => {
    const definitions = [custom, ...STRATEGY_TEMPLATES.map((template) => template.build())];
    for (const definition of definitions) {
      expect(reparse(draftFromDefinition(definition))).toEqual({ ok: true, definition });
    }
  });

  it('leaves empty stops out and reads the symbols typed as a list', () => {
    const draft = draftFromDefinition(custom);
    draft.stops = { stopLossPercent: '', takeProfitPercent: ' 20 ', trailingStopPercent: '' };
    draft.symbols = 'spy qqq, spy';
    const parsed = reparse(draft);
    expect(parsed.ok && parsed.definition.stops).toEqual({ takeProfitPercent: 20 });
    expect(parsed.ok && parsed.definition.symbols).toEqual(['QQQ', 'SPY']);
  });

  it('names the field of each bad value as the builder shows it, text that is not a number included', () => {
    const draft = draftFromDefinition(custom);
    const group = draft.entry.conditions[1]!;
    if (!isGroup(group)) throw new Error('expected the and group');
    const cross = group.conditions[0]!;
    if (isGroup(cross)) throw new Error('expected a comparison');
    cross.operands.right!.values.slow = '5';
    draft.exit.conditions = [];
    draft.stops = { stopLossPercent: 'abc', takeProfitPercent: '', trailingStopPercent: '' };
    draft.symbols = 'AAPL, 1BAD';
    const parsed = reparse(draft);
    expect(parsed.ok).toBe(false);
    expect(errorsByField(parsed.ok ? [] : parsed.errors)).toEqual({
      symbols: 'Must be 1–10 letters, digits, "." or "-", starting with a letter',
      'entry.conditions[1].conditions[0].right.slow': 'Must be greater than fast',
      'stops.stopLossPercent': 'Must be a number above 0 and at most 100',
      'exit.conditions': 'Give an exit condition, or a stop-loss, take-profit or trailing stop',
    });
  });

  it('keys the server errors of a code update without their code. prefix', () => {
    expect(errorsByField([{ field: 'code.symbols', message: 'Unknown symbol ZZZZ' }])).toEqual({
      symbols: 'Unknown symbol ZZZZ',
    });
  });
});

describe('draftComparison', () => {
  it('starts as RSI 14 below a number, and keeps the operands when the comparison changes', () => {
    const start = draftComparison('lessThan');
    expect(start.kind === 'lessThan' && start.operands.left).toEqual(draftOperand('rsi'));
    expect(start.kind === 'lessThan' && start.operands.left!.values).toEqual({ period: '14' });
    if (start.kind !== 'lessThan') throw new Error('expected a comparison');
    const between = draftComparison('between', start.operands);
    expect(between.kind === 'between' && between.operands.operand).toBe(start.operands.left);
    expect(between.kind === 'between' && between.operands.lower).toBe(start.operands.right);
    if (between.kind !== 'between') throw new Error('expected between');
    const back = draftComparison('crossesAbove', between.operands);
    expect(back.kind === 'crossesAbove' && back.operands.right).toBe(start.operands.right);
  });
});

describe('a newly chosen kind', () => {
  it('starts valid: every operand and every sizing with its starting values passes parseDefinition', () => {
    const draft = draftFromDefinition(custom);
    for (const kind of Object.keys(OPERAND_FIELDS) as OperandKind[]) {
      draft.exit.conditions = [
        { ...draftComparison('greaterThan'), operands: { left: draftOperand(kind), right: draftOperand('constant') } },
      ];
      expect(reparse(draft).ok, kind).toBe(true);
    }
    for (const kind of Object.keys(SIZING_FIELDS) as SizingKind[]) {
      draft.sizing = { kind, values: startingValues(kind) };
      expect(reparse(draft).ok, kind).toBe(true);
    }
  });
});
