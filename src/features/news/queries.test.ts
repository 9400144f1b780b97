import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../domain/constants';
import type { NewsQuery } from '../../graphql/generated/graphql';
import { prependNews } from './queries';

const story = (id: string, headline = `Story ${id}`): NewsQuery['news'][number] => ({
  id,
  headline,
  summary: '',
  url: `https://news.example/${id}`,
  source: 'benzinga',
  symbols: ['AAPL'],
  publishedAt: '2026-11-18T16:00:00.000Z',
  category: 'GENERAL',
  sentiment: 0,
  sentimentSource: 'LEXICON',
  relevanceScore: 0.5,
});

describe('prependNews', () => {
  it('puts a live story first, replaces an update of a listed one and keeps the page size', () => {
    const page = { news: Array.from({ length: PAGE_SIZE.news }, (_, i) => story(`alpaca:${i}`)) };
    const added = prependNews(page, story('alpaca:new'))!;
    expect(added.news.map((n) => n.id).slice(0, 2)).toEqual(['alpaca:new', 'alpaca:0']);
    expect(added.news).toHaveLength(PAGE_SIZE.news);
    expect(added.news.at(-1)!.id).toBe(`alpaca:${PAGE_SIZE.news - 2}`);

    const updated = prependNews(added, story('alpaca:3', 'Story 3, updated'))!;
    expect(updated.news.filter((n) => n.id === 'alpaca:3')).toEqual([story('alpaca:3', 'Story 3, updated')]);
    expect(updated.news[0]!.id).toBe('alpaca:3');
    expect(updated.news).toHaveLength(PAGE_SIZE.news);
  });

  it('leaves a list that is not loaded yet alone', () => {
    expect(prependNews(undefined, story('alpaca:1'))).toBeUndefined();
  });
});
