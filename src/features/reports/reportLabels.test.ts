import { describe, expect, it } from 'vitest';
import { PERIOD_OPTIONS } from '../analytics/analyticsPeriods';
import { BUILDER_PERIOD_OPTIONS, periodText } from './reportLabels';

describe('report period labels', () => {
  it('says the presets as the trailing periods they are ("Past …", never "Last month"), in order, then custom dates', () => {
    expect(BUILDER_PERIOD_OPTIONS.map((option) => `${option.value}: ${option.label}`)).toEqual([
      'ONE_MONTH: Past month',
      'THREE_MONTHS: Past 3 months',
      'SIX_MONTHS: Past 6 months',
      'YTD: Year to date',
      'ONE_YEAR: Past year',
      'THREE_YEARS: Past 3 years',
      'FIVE_YEARS: Past 5 years',
      'ALL: All history',
      'RANGE: Custom dates',
    ]);
    // The Analytics picker's list: one list of periods.
    expect(BUILDER_PERIOD_OPTIONS.slice(0, -1)).toEqual(PERIOD_OPTIONS);
  });

  it('reads a saved period by its preset, else by its dates', () => {
    expect(periodText({ preset: 'THREE_MONTHS', start: null, end: null })).toBe('Past 3 months');
    expect(periodText({ preset: null, start: '2026-01-02', end: null })).toBe('2026-01-02 to today');
  });
});
