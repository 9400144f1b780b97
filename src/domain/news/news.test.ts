import { describe, expect, it } from 'vitest';
import { UNIVERSE } from '../market/universe';
import { LABELLED_HEADLINES } from './labelledHeadlines';
import { dedupeNews, headlineSimilarity, normalizeUrl } from './dedupe';
import { newsSentiment, scoreSentiment } from './sentiment';
import { matchSymbols, shortName } from './symbols';

describe('scoreSentiment', () => {
  it('scores finance words by their meaning for a holder', () => {
    expect(scoreSentiment('Apple beats estimates and raises guidance')).toBeGreaterThan(0.5);
    expect(scoreSentiment('Intel misses estimates, shares plunge')).toBeLessThan(-0.5);
    expect(scoreSentiment('Analyst downgrades Oracle to underperform')).toBeLessThan(0);
    expect(scoreSentiment('Company to hold annual meeting on Tuesday')).toBe(0);
  });

  it('flips and halves a word after a negation within the window', () => {
    const plain = scoreSentiment('results were strong');
    expect(plain).toBeGreaterThan(0);
    expect(scoreSentiment('results were not strong')).toBeLessThan(0);
    expect(scoreSentiment("sales didn't decline")).toBeGreaterThan(0);
    expect(scoreSentiment('no slowdown in sight')).toBeGreaterThan(0);
    // outside the window the negation no longer applies
    expect(scoreSentiment('not that the company, its board and staff grew')).toBeGreaterThan(0);
  });

  it('intensifiers raise and dampeners lower the weight', () => {
    const plain = scoreSentiment('shares fell');
    expect(scoreSentiment('shares fell sharply')).toBeLessThan(plain);
    expect(scoreSentiment('shares fell slightly')).toBeGreaterThan(plain);
  });

  it('stays within [-1, 1]', () => {
    const many = 'soars surges jumps record breakthrough '.repeat(20);
    expect(scoreSentiment(many)).toBeLessThanOrEqual(1);
    expect(scoreSentiment(many.replace(/soars|surges|jumps/g, 'plunges'))).toBeGreaterThanOrEqual(-1);
  });

  it('weighs the headline twice the summary', () => {
    expect(newsSentiment('Shares soar', '')).toBe(scoreSentiment('Shares soar'));
    expect(newsSentiment('Shares soar', 'Costs are a concern')).toBeGreaterThan(0);
  });
});

describe('matchSymbols', () => {
  it('finds tickers and short company names on word boundaries', () => {
    expect(shortName('Alphabet Inc. (Class A)')).toBe('Alphabet');
    expect(shortName('Microsoft Corporation')).toBe('Microsoft');
    expect(shortName('The Boeing Company')).toBe('Boeing');
    const found = matchSymbols(UNIVERSE, 'Apple and $MSFT rally', 'Pineapple growers unaffected; NVIDIA too.');
    expect(found.map((m) => m.symbol)).toEqual(['MSFT', 'AAPL', 'NVDA']);
    // ticker in the headline > name in the headline > name in the summary
    expect(found.map((m) => m.relevanceScore)).toEqual([0.7, 0.6, 0.3]);
  });

  it('does not match lower-case words or ambiguous one-letter tickers without a prefix', () => {
    const universe = [
      { symbol: 'A', name: 'Agilent Technologies, Inc.' },
      { symbol: 'IT', name: 'Gartner, Inc.' },
      { symbol: 'AMD', name: 'Advanced Micro Devices, Inc.' },
    ];
    expect(matchSymbols(universe, 'A look at IT budgets', 'amd fans rejoice')).toEqual([]);
    expect(matchSymbols(universe, 'Shares of $A rise (NYSE: IT)', '').map((m) => m.symbol)).toEqual(['A', 'IT']);
  });
});

const DAY = 86_400_000;

describe('dedupeNews', () => {
  it('drops the same url and near-identical headlines, merging symbols', () => {
    expect(normalizeUrl('https://www.example.com/a/?utm_source=x#top')).toBe('example.com/a');
    expect(headlineSimilarity('Apple beats estimates', 'Apple beats estimates!')).toBe(1);
    const items = [
      { url: 'https://example.com/a', headline: 'Apple beats estimates on iPhone sales', symbols: ['AAPL'] },
      { url: 'http://www.example.com/a/?utm_medium=rss', headline: 'Other words', symbols: ['MSFT'] },
      { url: 'https://other.com/b', headline: 'Apple beats estimates on iPhone sales!', symbols: ['QQQ'] },
      { url: 'https://other.com/c', headline: 'Intel cuts jobs', symbols: ['INTC'] },
      { url: 'https://other.com/d', headline: 'Intel cuts jobs', symbols: ['INTC'], publishedAt: 4 * DAY },
    ].map((item) => ({ publishedAt: DAY, ...item }));
    const kept = dedupeNews(items);
    expect(kept.map((k) => k.url)).toEqual(['https://example.com/a', 'https://other.com/c', 'https://other.com/d']);
    expect(kept[0]!.symbols).toEqual(['AAPL', 'MSFT', 'QQQ']);
    expect(items[0]!.symbols).toEqual(['AAPL']);
  });
});

describe('dedupeNews prefix filtering', () => {
  it('keeps exactly what comparing every pair keeps', () => {
    const variants = LABELLED_HEADLINES.flatMap(([headline], i) => [
      headline,
      `${headline}!`,
      headline.split(' ').slice(1).join(' '),
      `${headline} ${i % 3 === 0 ? 'today' : ''}`.trim(),
    ]);
    const items = variants.map((headline, i) => ({
      url: `https://x.example/${i}`,
      headline,
      symbols: [],
      publishedAt: 0,
    }));
    const brute: string[] = [];
    for (const item of items) {
      if (!brute.some((h) => headlineSimilarity(h, item.headline) >= 0.8)) brute.push(item.headline);
    }
    expect(dedupeNews(items).map((k) => k.headline)).toEqual(brute);
  });
});
