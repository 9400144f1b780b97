import { describe, expect, it } from 'vitest';
import type { Ohlcv } from '../market/candle';
import { evaluate } from '../strategies';
import { walkBars } from '../strategies/fixtures';
import { definitionFromTemplate } from '../strategies/templates';
import {
  expiresAt,
  fitsTolerance,
  opportunityFigures,
  opportunityReasoning,
  scanSetupKey,
  strategySetupKey,
  timeToExpiry,
  type OpportunityFigures,
} from './opportunity';
import { entryOccurrences, forwardStatistics, scanOccurrences } from './statistics';

const bar = (close: number, low = close, open = close): Ohlcv => ({
  time: 0,
  open,
  high: Math.max(open, close),
  low,
  close,
  volume: 1000,
});

describe('forwardStatistics', () => {
  // closes 100, 101, …: occurrence 0 → close[2] 102 (+2 %), its lows dip to 97 (3 % drawdown).
  const bars = [bar(100), bar(101, 97), bar(102), bar(90), bar(95), bar(99), bar(98)];

  it('measures forward returns and drawdowns, skipping overlaps and incomplete horizons', () => {
    const stats = forwardStatistics(bars, [0, 1, 2, 3, 5], 2);
    // 0 counted; 1 starts inside 0's horizon; 2 counted (102 → 95: −6.86 %, low 90); 3 inside; 5 incomplete.
    expect(stats.sampleSize).toBe(2);
    expect(stats.winRate).toBe(0.5);
    expect(stats.meanReturn).toBeCloseTo((0.02 + (95 / 102 - 1)) / 2, 10);
    expect(stats.meanDrawdown).toBeCloseTo((0.03 + (1 - 90 / 102)) / 2, 10);
    expect(stats.worstDrawdown).toBeCloseTo(1 - 90 / 102, 10);
    expect(stats.barsExamined).toBe(7);
  });

  it('gives zeros for no occurrence', () => {
    expect(forwardStatistics(bars, [], 2)).toMatchObject({ sampleSize: 0, winRate: 0, meanReturn: 0 });
  });
});

describe('occurrences', () => {
  it('finds a scan type on the sessions where its rule matched (a 3 % gap up)', () => {
    const bars = [bar(100), bar(100), bar(104, 103, 103), bar(104), bar(101, 100, 101)];
    expect(scanOccurrences(bars, 'GAP_UP')).toEqual([2]);
    expect(scanOccurrences(bars, 'GAP_DOWN')).toEqual([4]);
  });

  it("finds a strategy's entries where the signal engine fires them", () => {
    const parsed = definitionFromTemplate('rsi-mean-reversion', {});
    if (!parsed.ok) throw new Error('template');
    const bars = walkBars(600, 3);
    const found = entryOccurrences(parsed.definition, bars);
    const { entry } = evaluate(parsed.definition, bars);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((i) => entry[i] === 1)).toBe(true);
    expect(found.length).toBe(entry.reduce((n, x) => n + x, 0));
  });
});

describe('opportunityFigures', () => {
  const stats = { sampleSize: 10, winRate: 0.8, meanReturn: 0.0123, meanDrawdown: 0.015, worstDrawdown: 0.04 };
  const base = { barsExamined: 500, horizon: 5 };

  it('derives confidence, potential return and risk level from the statistics', () => {
    expect(opportunityFigures({ ...stats, ...base })).toEqual({
      confidence: 0.75,
      potentialReturn: 0.0123,
      riskLevel: 'low',
      sampleSize: 10,
    });
    expect(opportunityFigures({ ...stats, ...base, meanDrawdown: 0.03 }).riskLevel).toBe('medium');
    expect(opportunityFigures({ ...stats, ...base, meanDrawdown: 0.06 }).riskLevel).toBe('high');
    expect(opportunityFigures({ ...stats, ...base, sampleSize: 4 }).riskLevel).toBe('high');
    expect(
      opportunityFigures({ ...base, sampleSize: 0, winRate: 0, meanReturn: 0, meanDrawdown: 0, worstDrawdown: 0 }),
    ).toMatchObject({ confidence: 0.5, potentialReturn: 0, riskLevel: 'high' });
  });

  it('states the sample size in the reasoning', () => {
    const text = opportunityReasoning(
      'RSI oversold on AAPL.',
      { ...stats, ...base },
      opportunityFigures({ ...stats, ...base }),
      'session',
    );
    expect(text).toContain('Sample size 10');
    expect(text).toContain('higher 8 times (80%)');
    expect(text).toContain('by 1.23% on average');
  });
});

describe('fitsTolerance', () => {
  const figures = (riskLevel: OpportunityFigures['riskLevel'], confidence: number): OpportunityFigures => ({
    riskLevel,
    confidence,
    potentialReturn: 0.01,
    sampleSize: 8,
  });

  it.each([
    ['conservative', 'low', 0.6, true],
    ['conservative', 'low', 0.59, false],
    ['conservative', 'medium', 0.9, false],
    ['moderate', 'medium', 0.55, true],
    ['moderate', 'high', 0.9, false],
    ['moderate', 'low', 0.54, false],
    ['aggressive', 'high', 0.5, true],
    ['aggressive', 'high', 0.49, false],
  ] as const)('%s takes a %s-risk hit of confidence %d: %s', (tolerance, risk, confidence, fits) => {
    expect(fitsTolerance(figures(risk, confidence), tolerance)).toBe(fits);
  });

  it('never takes a hit with a losing record or too small a sample', () => {
    expect(fitsTolerance({ ...figures('low', 0.9), potentialReturn: -0.001 }, 'aggressive')).toBe(false);
    expect(fitsTolerance({ ...figures('low', 0.9), sampleSize: 4 }, 'aggressive')).toBe(false);
  });
});

describe('de-duplication keys and expiry', () => {
  it('names a setup per strategy or scan type and symbol', () => {
    expect(strategySetupKey('s-1', 'AAPL')).toBe('strategy:s-1:AAPL');
    expect(scanSetupKey('RSI_OVERSOLD', 'AAPL')).toBe('scan:RSI_OVERSOLD:AAPL');
    expect(scanSetupKey('RSI_OVERSOLD', 'AAPL')).not.toBe(scanSetupKey('RSI_OVERSOLD', 'MSFT'));
    expect(scanSetupKey('GAP_UP', 'AAPL')).not.toBe(scanSetupKey('GAP_DOWN', 'AAPL'));
  });

  it('expires at the close of the next bar and counts down in seconds', () => {
    expect(expiresAt(0, '5m')).toBe(600_000);
    expect(expiresAt(1000, '1D')).toBe(1000 + 2 * 86_400_000);
    expect(timeToExpiry(600_000, 0)).toBe(600);
    expect(timeToExpiry(600_000, 700_000)).toBe(0);
  });
});
