import { describe, expect, it } from 'vitest';
import { writeRuleBasedAnalysis, type AnalysisInputs } from './ruleBasedWriter';
import { citedIds, createCitations, untracedNumbers } from './sources';

const AT = '2026-11-24T15:00:00.000Z';

const inputs: AnalysisInputs = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  quote: { price: 1234.5, changePercent: -1.234, asOf: AT },
  technical: {
    asOf: AT,
    trend: 'bullish',
    recommendation: 'BUY',
    rsi: 28.44,
    macdHistogram: 0.1234,
    sma20: 1200,
    sma50: 1150.25,
    support: 1100,
    resistance: 1300,
  },
  scans: [{ label: 'RSI oversold', criterion: 'RSI(14) 28.4 below 30', bullish: true, asOf: AT }],
  news: [
    {
      id: 'a',
      headline: 'Apple beats estimates, up 5% in Q3',
      sentiment: 0.6,
      url: 'https://e.com/a',
      publishedAt: AT,
    },
    { id: 'b', headline: 'Supplier warns', sentiment: -0.2, url: null, publishedAt: AT },
  ],
  position: {
    quantity: 10,
    averageCost: 1000,
    unrealizedPnL: 2345,
    unrealizedPnLPercent: 23.45,
    weightPercent: 12.345,
    asOf: AT,
  },
};

describe('source numbering', () => {
  it('numbers sources from 1 in order of first citation, one number per fact', () => {
    const c = createCitations();
    expect(c.cite({ kind: 'QUOTE', label: 'price', value: '$1.00', asOf: AT })).toBe('[1]');
    expect(c.cite({ kind: 'TECHNICAL', label: 'RSI(14)', value: '50.0', asOf: AT })).toBe('[2]');
    expect(c.cite({ kind: 'QUOTE', label: 'price', value: '$1.00', asOf: AT })).toBe('[1]');
    expect(c.list().map((s) => s.id)).toEqual([1, 2]);
  });

  it('flags numbers no source holds, ignoring citation markers and thousands separators', () => {
    const sources = [{ kind: 'QUOTE' as const, label: 'price', value: '$1,234.50', asOf: AT }];
    expect(untracedNumbers('At $1,234.50 [1]', sources)).toEqual([]);
    expect(untracedNumbers('At $1234.50 [7], up 3%', sources)).toEqual(['3']);
    expect(citedIds('a [2] b [1] c [2]')).toEqual([2, 1]);
  });
});

describe('the rule-based writer', () => {
  it('cites every figure: each number of the text is in a listed source, each source is cited', () => {
    const { text, sources } = writeRuleBasedAnalysis(inputs);
    expect(untracedNumbers(text, sources)).toEqual([]);
    expect(citedIds(text)).toEqual(sources.map((s) => s.id));
    expect(text).toContain('$1,234.50 (−1.23%) [1]');
    expect(text).toContain('Mean sentiment of 2 recent stories: +0.20');
    expect(text).toContain('10 shares at $1,000.00, P&L $2,345.00 (+23.45%), 12.3% of equity');
    expect(text).toContain('lean positive');
    expect(new Set(sources.map((s) => s.kind))).toEqual(new Set(['QUOTE', 'TECHNICAL', 'SCANNER', 'NEWS', 'POSITION']));
    expect(sources.find((s) => s.label.startsWith('Apple beats'))?.url).toBe('https://e.com/a');
  });

  it('says so when there is no history, no hit, no news and no position, and still cites only the quote', () => {
    const { text, sources } = writeRuleBasedAnalysis({
      ...inputs,
      technical: null,
      scans: [],
      news: [],
      position: null,
    });
    expect(text).toContain('No scan matches AAPL right now.');
    expect(text).toContain('No recent stories about AAPL.');
    expect(text).toContain('You hold no AAPL shares.');
    expect(sources.map((s) => s.kind)).toEqual(['QUOTE']);
    expect(untracedNumbers(text, sources)).toEqual([]);
  });

  it('would catch a made-up figure', () => {
    const { text, sources } = writeRuleBasedAnalysis(inputs);
    expect(untracedNumbers(`${text} Target $1,500.00.`, sources)).toEqual(['1500.00']);
  });
});
