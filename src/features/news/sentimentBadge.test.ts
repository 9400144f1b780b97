import { describe, expect, it } from 'vitest';
import { newsKeys, newsSymbols } from './queries';
import { httpLink } from '../../domain/news/httpLink';
import { sentimentBadge } from './sentimentBadge';

describe('news presentation', () => {
  it('labels sentiment with a neutral band around 0', () => {
    expect(sentimentBadge(0.6)).toEqual({ label: 'Positive', palette: 'green' });
    expect(sentimentBadge(0.1)).toEqual({ label: 'Neutral', palette: 'gray' });
    expect(sentimentBadge(-0.15)).toEqual({ label: 'Negative', palette: 'red' });
  });

  it('links only http and https pages', () => {
    expect(httpLink('https://example.com/a')).toBe('https://example.com/a');
    expect(httpLink('javascript:alert(1)')).toBeNull();
    expect(httpLink('simulator:news/AAPL-move-2026-11-17')).toBeNull();
    expect(httpLink('not a url')).toBeNull();
  });

  it('keys the same symbol set once, whatever the order or case', () => {
    expect(newsKeys.list(newsSymbols(['msft', 'AAPL', 'MSFT']))).toEqual(newsKeys.list(newsSymbols(['AAPL', 'MSFT'])));
    expect(newsSymbols(Array.from({ length: 60 }, (_, i) => `S${i}`))).toHaveLength(50);
  });
});
