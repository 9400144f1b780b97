import { describe, expect, it } from 'vitest';
import { findTemplate, STRATEGY_TEMPLATES } from '../strategies/templates';
import type { OutOfSampleRecord } from './outOfSample';
import { rankRecommendations, type RankInput } from './rank';
import type { MarketRegime } from './regime';

function record(templateId: string, symbol: string, over: Partial<OutOfSampleRecord> = {}): OutOfSampleRecord {
  return {
    templateId,
    symbol,
    windows: 4,
    positiveWindows: 3,
    trades: 10,
    annualReturn: 0.1,
    maxDrawdown: -0.08,
    volatility: 0.12,
    sharpeRatio: 1,
    winRate: 0.6,
    from: 1_000,
    to: 2_000,
    ...over,
  };
}

const RANGING: MarketRegime = { trend: 'neutral', volatility: 'normal', vixLevel: 17 };

function rank(records: OutOfSampleRecord[], over: Partial<RankInput> = {}) {
  return rankRecommendations({
    templates: STRATEGY_TEMPLATES,
    records,
    regime: RANGING,
    riskTolerance: 'moderate',
    limit: 10,
    computedAt: 5_000,
    ...over,
  });
}

describe('rankRecommendations', () => {
  it('picks the best three accepted symbols by Sharpe and explains every field with the sample size', () => {
    const records = [
      record('rsi-mean-reversion', 'AAA', { sharpeRatio: 2, annualReturn: 0.12 }),
      record('rsi-mean-reversion', 'BBB', { sharpeRatio: 1.5, annualReturn: 0.09, maxDrawdown: -0.15 }),
      record('rsi-mean-reversion', 'CCC', { sharpeRatio: 1, annualReturn: 0.06, positiveWindows: 2 }),
      record('rsi-mean-reversion', 'DDD', { sharpeRatio: 0.5 }),
      record('rsi-mean-reversion', 'EEE', { sharpeRatio: 3, trades: 1 }),
      record('rsi-mean-reversion', 'FFF', { sharpeRatio: 3, annualReturn: -0.01 }),
      record('rsi-mean-reversion', 'GGG', { sharpeRatio: 3, maxDrawdown: -0.25 }),
    ];
    const [first, ...rest] = rank(records);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      strategyId: 'rsi-mean-reversion:AAA+BBB+CCC',
      templateId: 'rsi-mean-reversion',
      parameters: { period: 14, oversold: 30, overbought: 70 },
      recommendedSymbols: ['AAA', 'BBB', 'CCC'],
      expectedReturn: 0.09,
      marketCompatibility: 1,
      // 0.6 × 8/12 + 0.4 × 30/30
      confidence: 0.8,
      // 50 × 0.15/0.4 + 50 × 0.12/0.4
      riskScore: 34,
      deploymentPriority: 1,
      timestamp: 5_000,
      basis: { symbolsTested: 7, windows: 12, positiveWindows: 8, trades: 30, maxDrawdown: -0.15, sharpeRatio: 1.5 },
    });
    expect(first!.strategy).toBe(findTemplate('rsi-mean-reversion'));
    expect(first!.reasoning).toContain('on AAA, BBB, CCC, the best of 7 liquid symbols');
    expect(first!.reasoning).toContain('out of sample over 12 windows of 126 daily bars (30 trades)');
    expect(first!.reasoning).toContain('returned 9.0 % a year on average, 8 of 12 windows positive');
    expect(first!.reasoning).toContain(
      'Worst drawdown -15.0 % and volatility 12.0 %, within the limits of the moderate risk tolerance',
    );
    expect(first!.reasoning).toContain('100 % compatibility');
    expect(first!.reasoning).toContain('Confidence 80 %');
  });

  it('accepts only what the risk tolerance allows', () => {
    const records = [
      record('sma-crossover', 'CALM', { maxDrawdown: -0.05, volatility: 0.1 }),
      record('donchian-breakout', 'WILD', { maxDrawdown: -0.3, volatility: 0.4 }),
    ];
    const ids = (riskTolerance: RankInput['riskTolerance']) =>
      rank(records, { riskTolerance }).map((r) => r.templateId);
    expect(ids('conservative')).toEqual(['sma-crossover']);
    expect(ids('moderate')).toEqual(['sma-crossover']);
    expect(ids('aggressive').sort()).toEqual(['donchian-breakout', 'sma-crossover']);
  });

  it('orders by compatibility × confidence × Sharpe, numbers the priorities and keeps at most `limit`', () => {
    const records = [
      record('sma-crossover', 'AAA', { sharpeRatio: 2 }),
      record('rsi-mean-reversion', 'AAA', { sharpeRatio: 1 }),
      record('bollinger-breakout', 'AAA', { sharpeRatio: 1.5 }),
    ];
    // Ranging: sma 0.4 × 2 = 0.8, rsi 1 × 1 = 1, bollinger breakout 0.4 × 1.5 = 0.6 (same confidence).
    expect(rank(records).map((r) => [r.templateId, r.deploymentPriority])).toEqual([
      ['rsi-mean-reversion', 1],
      ['sma-crossover', 2],
      ['bollinger-breakout', 3],
    ]);
    // Bullish, normal volatility: sma 1 × 2 = 2 first.
    const bullish = rank(records, { regime: { trend: 'bullish', volatility: 'normal', vixLevel: 14 }, limit: 2 });
    expect(bullish.map((r) => r.templateId)).toEqual(['sma-crossover', 'bollinger-breakout']);
  });

  it('recommends nothing without records that qualify', () => {
    expect(rank([])).toEqual([]);
    expect(rank([record('macd-momentum', 'AAA', { trades: 0, annualReturn: 0, sharpeRatio: null })])).toEqual([]);
  });
});
