import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedMarket } from '../../server/services/market';
import { SENTIMENT_PROMPT } from '../../server/services/news/llmSentiment';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fixtures/chatCompletionsServer';
import { createTestApp, graphql, type TestApp } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');
const NEWS = `query News($symbols: [String!], $limit: Int) {
  news(symbols: $symbols, limit: $limit) { id headline sentiment lexiconSentiment sentimentSource } }`;

interface Story {
  id: string;
  headline: string;
  sentiment: number;
  lexiconSentiment: number;
  sentimentSource: string;
}

// The scorer is the same on both drivers; PGlite is enough here.
describe('news sentiment by a language model (OpenAI-compatible endpoint)', () => {
  let llm: ChatCompletionsServer;
  let app: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    llm = await startChatCompletionsServer();
    app = await createTestApp('pglite', {
      market: new SimulatedMarket({ seed: 'news-llm', now: WEDNESDAY_1100 }),
      now: () => new Date(WEDNESDAY_1100),
      env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => void logs.push(line) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await llm?.close();
  });

  const newsOf = async (): Promise<Story[]> => {
    const { data, errors } = await graphql<{ news: Story[] }>(app.app, NEWS, {
      variables: { symbols: ['AAPL'], limit: 5 },
    });
    if (!data) throw new Error(JSON.stringify(errors));
    return data.news;
  };

  it('falls back to the lexicon when the model fails, then serves its scores (lexicon kept), cached per story', async () => {
    llm.answer({ status: 500, body: '{"error":{"message":"overloaded"}}' });
    const fallback = await newsOf();
    expect(fallback.length).toBeGreaterThan(1);
    for (const story of fallback) {
      expect(story.sentimentSource).toBe('LEXICON');
      expect(story.sentiment).toBe(story.lexiconSentiment);
    }
    expect(logs.some((line) => line.includes('news sentiment: the language model failed'))).toBe(true);
    // one batch with every story of the page
    const asked = JSON.parse(llm.requests[0]?.body.messages?.at(-1)?.content ?? '{}') as {
      stories: { id: string; headline: string }[];
    };
    expect(llm.requests[0]?.body.messages?.[0]?.content).toBe(SENTIMENT_PROMPT);
    expect(asked.stories.map((s) => s.id)).toEqual(fallback.map((s) => s.id));

    // the failure was not cached: asked again; scores outside [-1, 1] are clamped, unknown ids ignored
    const [first, ...rest] = fallback;
    const scores = [
      { id: first!.id, sentiment: 7 },
      ...rest.map((s, i) => ({ id: s.id, sentiment: -0.5 + i * 0.1 })),
      { id: 'not-asked', sentiment: 0.3 },
    ];
    llm.answer({ content: `Here you go: ${JSON.stringify({ scores })}` });
    const scored = await newsOf();
    expect(llm.requests).toHaveLength(2);
    expect(scored.map((s) => [s.id, s.sentiment, s.sentimentSource])).toEqual([
      [first!.id, 1, 'LLM'],
      ...rest.map((s, i) => [s.id, Math.round((-0.5 + i * 0.1) * 10_000) / 10_000, 'LLM']),
    ]);
    expect(scored.map((s) => s.lexiconSentiment)).toEqual(fallback.map((s) => s.lexiconSentiment));

    // cached per story id: no new request
    expect(await newsOf()).toEqual(scored);
    expect(llm.requests).toHaveLength(2);
  });
});
