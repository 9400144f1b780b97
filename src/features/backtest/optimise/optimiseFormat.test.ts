import { describe, expect, it } from 'vitest';
import {
  formatParams,
  optimisationErrorText,
  optimisationInput,
  startingRange,
  type TemplateParameter,
} from './optimiseFormat';

const fast: TemplateParameter = {
  name: 'fast',
  label: 'Fast SMA',
  type: 'integer',
  default: 20,
  min: 2,
  max: 200,
  step: 1,
  description: '',
};
const slow: TemplateParameter = { ...fast, name: 'slow', label: 'Slow SMA', default: 50, min: 3, max: 500 };
const width: TemplateParameter = { ...fast, name: 'k', label: 'Width', type: 'number', min: 0.5, max: 4, step: 0.1 };

describe('startingRange', () => {
  it('spans half to 1.5 × the current value in about 5 whole steps', () => {
    expect(startingRange(fast, 20)).toEqual({ name: 'fast', vary: true, min: '10', max: '30', step: '4' });
    expect(startingRange(slow, undefined)).toEqual({ name: 'slow', vary: true, min: '25', max: '75', step: '10' });
  });

  it("stays within the template's bounds and never goes finer than its step", () => {
    expect(startingRange(fast, 3)).toEqual({ name: 'fast', vary: true, min: '2', max: '5', step: '1' });
    expect(startingRange(width, 2)).toEqual({ name: 'k', vary: true, min: '1', max: '3', step: '0.4' });
  });
});

describe('optimisationInput', () => {
  it('sends only the varied parameters, the in-sample share as a fraction, evolutionary sizes only for that method', () => {
    const values = {
      strategyId: 's',
      method: 'GRID' as const,
      objective: 'SHARPE' as const,
      windows: '4',
      inSamplePercent: '75',
      populationSize: '24',
      generations: '20',
      ranges: [
        { name: 'fast', vary: true, min: '5', max: '15', step: '5' },
        { name: 'slow', vary: false, min: '20', max: '40', step: '10' },
      ],
    };
    expect(optimisationInput(values)).toEqual({
      strategyId: 's',
      method: 'GRID',
      objective: 'SHARPE',
      windows: 4,
      inSampleFraction: 0.75,
      parameters: [{ name: 'fast', min: 5, max: 15, step: 5 }],
    });
    expect(optimisationInput({ ...values, method: 'EVOLUTIONARY' })).toMatchObject({
      populationSize: 24,
      generations: 20,
    });
  });
});

describe('optimisationErrorText', () => {
  const input = { parameters: [{ name: 'slow' }, { name: 'fast' }] };
  it("names a parameter's field by its label", () => {
    expect(optimisationErrorText('parameters.1.max: must be at least min (30)', input, [fast, slow])).toBe(
      'Fast SMA max: must be at least min (30)',
    );
    expect(optimisationErrorText('parameters.0.name: unknown parameter', input, [fast, slow])).toBe(
      'Slow SMA: unknown parameter',
    );
    expect(optimisationErrorText('inSampleFraction: too big', input, [])).toBe('In sample share: too big');
    expect(optimisationErrorText('symbols[0]: Unknown symbol X', input, [])).toBe('symbols[0]: Unknown symbol X');
  });
});

describe('formatParams', () => {
  it("lists a set in the template's order", () => {
    expect(formatParams({ slow: 40, fast: 10 }, [fast, slow])).toBe('fast 10 · slow 40');
    expect(formatParams(null, [fast])).toBe('—');
  });
});
