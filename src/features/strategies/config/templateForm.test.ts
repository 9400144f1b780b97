import { describe, expect, it } from 'vitest';
import { findTemplate } from '../../../domain/strategies';
import { readTemplateForm, type TemplateFormValues } from './templateForm';

const values = (parameters: Record<string, string>, symbols = 'spy, aapl'): TemplateFormValues => ({
  templateId: 'sma-crossover',
  parameters,
  symbols,
  interval: '1D',
});

describe('readTemplateForm', () => {
  it("builds the template's definition from the typed parameters, symbols and interval", () => {
    const read = readTemplateForm(values({ fast: '10', slow: '30' }));
    expect(read).toEqual({
      ok: true,
      definition: findTemplate('sma-crossover')!.build(
        { fast: 10, slow: 30 },
        { symbols: ['AAPL', 'SPY'], interval: '1D' },
      ),
      parameters: { fast: 10, slow: 30 },
      symbols: ['SPY', 'AAPL'],
    });
  });

  it('names the parameter out of its range, not a number, or against the other one as the server does', () => {
    expect(readTemplateForm(values({ fast: '1', slow: 'x' }))).toEqual({
      ok: false,
      errors: {
        'parameters.fast': 'Must be a whole number from 2 to 200',
        'parameters.slow': 'Must be a whole number from 3 to 500',
      },
    });
    expect(readTemplateForm(values({ fast: '60', slow: '50' }))).toEqual({
      ok: false,
      errors: { 'parameters.slow': 'Must be greater than the fast SMA (60)' },
    });
  });

  it('names the symbols when one is malformed or none is given', () => {
    expect(readTemplateForm(values({ fast: '20', slow: '50' }, 'SPY, 9X'))).toMatchObject({
      ok: false,
      errors: { symbols: 'Must be 1–10 letters, digits, "." or "-", starting with a letter' },
    });
    expect(readTemplateForm(values({ fast: '20', slow: '50' }, ' '))).toEqual({
      ok: false,
      errors: { symbols: 'Give at least one symbol' },
    });
  });
});
