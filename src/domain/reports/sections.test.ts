import { describe, expect, it } from 'vitest';
import { orderedSections, performanceSectionsFor } from './sections';

describe('custom report sections', () => {
  it('keeps each chosen section once, in report order', () => {
    expect(orderedSections(['RISK', 'SUMMARY', 'RISK', 'POSITIONS'])).toEqual(['SUMMARY', 'POSITIONS', 'RISK']);
  });

  it('asks performanceReport only for what the chosen sections show', () => {
    expect(performanceSectionsFor(['PERFORMANCE', 'TRADES'])).toEqual([
      'trades',
      'symbols',
      'equity',
      'pnl',
      'monthlyReturns',
    ]);
    expect(performanceSectionsFor(['REALISED_GAINS', 'STRATEGIES', 'SUMMARY'])).toEqual([
      'summary',
      'strategies',
      'realisedGains',
    ]);
    expect(performanceSectionsFor(['POSITIONS'])).toEqual([]);
  });
});
