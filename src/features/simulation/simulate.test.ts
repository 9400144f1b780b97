import { describe, expect, it } from 'vitest';
import { walkBars } from '../../domain/strategies/fixtures';
import { canonicalJson } from '../../domain/strategies/validation';
import { definitionFromTemplate } from '../../domain/strategies/templates';
import type { SimulationMessage, SimulationRequest } from './protocol';
import { simulate } from './simulate';

const settings = { horizon: 100, paths: 1_000, seed: 42, initialCapital: 100_000 };
const strategy = {
  kind: 'template' as const,
  templateId: 'sma-crossover',
  parameters: { fast: 5, slow: 20 },
  interval: '1D' as const,
};

function messagesOf(request: SimulationRequest): SimulationMessage[] {
  const messages: SimulationMessage[] = [];
  simulate(request, (message) => messages.push(message));
  return messages;
}

describe('simulate (what the worker runs)', () => {
  it('backtests a template strategy on its bars, reports rising progress, then the result and its sample', () => {
    const bars = walkBars(300, 3);
    const messages = messagesOf({
      source: { kind: 'strategy', strategy: { ...strategy, symbols: ['AAA'] }, bars: [['AAA', bars]] },
      settings,
    });
    const progress = messages.flatMap((message) => (message.type === 'progress' ? [message.done] : []));
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeCloseTo(1, 12);
    const last = messages.at(-1)!;
    if (last.type !== 'result') throw new Error(`expected a result, got ${last.type}`);
    expect(last.sample.unit).toBe('trades');
    expect(last.sample.size).toBeGreaterThan(0);
    expect(last.sample.drawsPerStep).toBeCloseTo(last.sample.size / 300, 12);
    expect([last.sample.from, last.sample.to]).toEqual([bars[0]!.time, bars.at(-1)!.time]);
    expect(last.result.paths).toBe(1_000);
    expect(last.result.fan[2]).toHaveLength(101);
  });

  it('rebuilds a strategy written as rules from its code: the same result as its template', () => {
    const bars = walkBars(300, 3);
    const parsed = definitionFromTemplate('sma-crossover', { fast: 5, slow: 20 }, { symbols: ['AAA'], interval: '1D' });
    if (!parsed.ok) throw new Error('template');
    const fromCode = messagesOf({
      source: {
        kind: 'strategy',
        strategy: { kind: 'code', code: canonicalJson(parsed.definition) },
        bars: [['AAA', bars]],
      },
      settings,
    });
    const fromTemplate = messagesOf({
      source: { kind: 'strategy', strategy: { ...strategy, symbols: ['AAA'] }, bars: [['AAA', bars]] },
      settings,
    });
    expect(fromCode.at(-1)!.type).toBe('result');
    expect(fromCode).toEqual(fromTemplate);
    const badCode = messagesOf({
      source: { kind: 'strategy', strategy: { kind: 'code', code: '{' }, bars: [['AAA', bars]] },
      settings,
    });
    expect(badCode).toEqual([{ type: 'empty', reason: "This strategy's definition is not valid: Not valid JSON" }]);
  });

  it('says so when there is nothing to resample: an invalid definition, no trade, no common day', () => {
    const noTrade = messagesOf({
      source: { kind: 'strategy', strategy: { ...strategy, symbols: ['AAA'] }, bars: [['AAA', walkBars(10, 1)]] },
      settings,
    });
    expect(noTrade).toEqual([{ type: 'empty', reason: expect.stringMatching(/made no trade/) as unknown as string }]);
    const invalid = messagesOf({
      source: {
        kind: 'strategy',
        strategy: { ...strategy, parameters: { fast: 30, slow: 20 }, symbols: ['AAA'] },
        bars: [['AAA', walkBars(300, 1)]],
      },
      settings,
    });
    expect(invalid[0]).toMatchObject({ type: 'empty', reason: expect.stringMatching(/not valid/) as unknown });
    const portfolio = messagesOf({
      source: { kind: 'portfolio', holdings: [{ symbol: 'AAA', marketValue: 100 }], bars: [['AAA', walkBars(1, 1)]] },
      settings,
    });
    expect(portfolio[0]).toMatchObject({
      type: 'empty',
      reason: expect.stringMatching(/no days in common/) as unknown,
    });
  });
});
