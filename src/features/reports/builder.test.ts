import { describe, expect, it } from 'vitest';
import {
  builderProblem,
  builderStateOf,
  definitionOf,
  initialBuilderState,
  previewInput,
  type ReportBuilderState,
} from './builder';

const TODAY = new Date(2026, 10, 24);
const state = (change: Partial<ReportBuilderState> = {}): ReportBuilderState => ({
  ...initialBuilderState(TODAY),
  ...change,
});

describe('the report builder (issue 15 point 6)', () => {
  it('starts with summary, performance and risk over one year against the index', () => {
    expect(initialBuilderState(TODAY)).toEqual({
      sections: ['SUMMARY', 'PERFORMANCE', 'RISK'],
      period: 'ONE_YEAR',
      start: '2025-11-24',
      end: '2026-11-24',
      benchmark: 'INDEX',
    });
  });

  it('a definition carries the preset or the dates, never both; sections in report order; benchmark upper case', () => {
    expect(definitionOf(state({ sections: ['RISK', 'SUMMARY'], benchmark: ' spy ' }))).toEqual({
      sections: ['SUMMARY', 'RISK'],
      preset: 'ONE_YEAR',
      benchmark: 'SPY',
    });
    expect(definitionOf(state({ period: 'RANGE', start: '2026-01-02', end: '2026-03-31', benchmark: '' }))).toEqual({
      sections: ['SUMMARY', 'PERFORMANCE', 'RISK'],
      start: '2026-01-02',
      end: '2026-03-31',
      benchmark: 'INDEX',
    });
  });

  it('loads a saved definition: a range keeps its dates, a preset keeps the dates already in the builder', () => {
    const current = state();
    expect(
      builderStateOf(
        {
          sections: ['REALISED_GAINS', 'TRADES'],
          preset: null,
          start: '2024-01-01',
          end: '2024-12-31',
          benchmark: 'QQQ',
        },
        current,
      ),
    ).toEqual({
      sections: ['TRADES', 'REALISED_GAINS'],
      period: 'RANGE',
      start: '2024-01-01',
      end: '2024-12-31',
      benchmark: 'QQQ',
    });
    const loaded = builderStateOf({ sections: ['SUMMARY'], preset: 'YTD', benchmark: 'INDEX' }, current);
    expect(loaded).toMatchObject({ period: 'YTD', start: current.start, end: current.end });
    // A round trip gives the same definition back.
    expect(definitionOf(builderStateOf(definitionOf(current), state()))).toEqual(definitionOf(current));
  });

  it('names the field of what keeps a report from being made, as the server does', () => {
    expect(builderProblem(state())).toBeNull();
    expect(builderProblem(state({ sections: [] }))?.field).toBe('definition.sections');
    expect(builderProblem(state({ benchmark: 'NOPE1' }))).toEqual({
      field: 'definition.benchmark',
      message: 'Unknown symbol "NOPE1": use INDEX or a symbol of the market.',
    });
    const range = { period: 'RANGE' as const };
    expect(builderProblem(state({ ...range, start: '2026-05-01', end: '2026-04-30' }))).toEqual({
      field: 'definition.end',
      message: 'The end is before the start.',
    });
    expect(builderProblem(state({ ...range, start: '2001-01-01', end: '2026-01-02' }))?.field).toBe('definition.start');
    expect(builderProblem(state({ ...range, start: '2026-02-30' }))?.field).toBe('definition.start');
    expect(builderProblem(state({ ...range, end: '' }))?.field).toBe('definition.end');
  });

  it('the preview asks only for the chosen sections, grouped for the period; positions alone ask for nothing', () => {
    expect(previewInput(state({ sections: ['TRADES', 'SUMMARY'], period: 'THREE_MONTHS' }))).toEqual({
      preset: 'THREE_MONTHS',
      benchmark: 'INDEX',
      sections: ['summary', 'trades', 'symbols'],
      grouping: 'DAY',
    });
    expect(previewInput(state())?.grouping).toBe('WEEK');
    expect(previewInput(state({ period: 'FIVE_YEARS' }))?.grouping).toBe('MONTH');
    expect(previewInput(state({ period: 'RANGE', start: '2020-01-01', end: '2026-01-01' }))).toMatchObject({
      start: '2020-01-01',
      end: '2026-01-01',
      grouping: 'MONTH',
    });
    expect(previewInput(state({ sections: ['POSITIONS'] }))).toBeNull();
  });
});
