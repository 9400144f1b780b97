import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signed, usd } from '../../src/domain/aiAnalysis/ruleBasedWriter';
import { citedIds, untracedNumbers } from '../../src/domain/aiAnalysis/sources';
import { SENTIMENT_PROMPT } from '../../server/services/news/llmSentiment';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fixtures/chatCompletionsServer';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, placed, type TradingTestApp } from './ordersSetup';

const AI_ANALYSIS = `query Ai($symbol: String!) {
  aiAnalysis(symbol: $symbol) { symbol text generatedBy model generatedAt sources { id kind label value asOf url } }
}`;

interface Analysis {
  symbol: string;
  text: string;
  generatedBy: 'RULES' | 'LLM';
  model: string | null;
  generatedAt: string;
  sources: { id: number; kind: string; label: string; value: string; asOf: string; url: string | null }[];
}

async function analysisOf(t: TradingTestApp, symbol: string, token: string) {
  return graphql<{ aiAnalysis: Analysis }>(t.app, AI_ANALYSIS, { variables: { symbol }, token });
}

async function analysed(t: TradingTestApp, symbol: string, token: string): Promise<Analysis> {
  const result = await analysisOf(t, symbol, token);
  if (!result.data?.aiAnalysis) throw new Error(JSON.stringify(result.errors));
  return result.data.aiAnalysis;
}

describe.each(drivers)('aiAnalysis, rule-based (%s)', (driver) => {
  let t: TradingTestApp;
  let holder: { id: string; token: string };
  let other: { id: string; token: string };
  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    [holder, other] = await Promise.all([createUserWithSession(t.db), createUserWithSession(t.db)]);
    await placed(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 7 }, holder.token);
  });
  afterAll(() => t.close());

  it('writes the analysis with every number traceable to a numbered source, the holder’s position included', async () => {
    const analysis = await analysed(t, 't', holder.token);
    expect(analysis).toMatchObject({ symbol: 'T', generatedBy: 'RULES', model: null });
    expect(untracedNumbers(analysis.text, analysis.sources)).toEqual([]);
    expect(citedIds(analysis.text)).toEqual(analysis.sources.map((s) => s.id));
    const kinds = new Set(analysis.sources.map((s) => s.kind));
    for (const kind of ['QUOTE', 'TECHNICAL', 'NEWS', 'POSITION']) expect(kinds).toContain(kind);
    const position = analysis.sources.find((s) => s.kind === 'POSITION');
    expect(position?.value).toMatch(/^7 shares at \$[\d,]+\.\d\d, P&L /);
    expect(analysis.text).toContain(position!.value);
    const mean = analysis.sources.find((s) => s.kind === 'NEWS' && s.label.startsWith('Mean sentiment of '));
    expect(mean?.value).toMatch(/^[+−]\d\.\d\d$/);
  });

  it('never shows one user’s position to another', async () => {
    const analysis = await analysed(t, 'T', other.token);
    expect(analysis.sources.some((s) => s.kind === 'POSITION')).toBe(false);
    expect(analysis.text).toContain('You hold no T shares.');
    expect(analysis.text).not.toContain('7 shares');
  });

  it('refuses an unknown symbol, naming it', async () => {
    const result = await analysisOf(t, 'ZZZZQ', holder.token);
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.message).toBe('symbol: unknown symbol "ZZZZQ"');
  });
});

/** The answer to the news sentiment request that reading the symbol's news sends first (scores nothing). */
const NO_SCORES = { content: '{"scores":[]}' };

// The language model path is the same on both drivers; PGlite is enough here.
describe('aiAnalysis written by a language model (OpenAI-compatible endpoint)', () => {
  let llm: ChatCompletionsServer;
  let t: TradingTestApp;
  let user: { id: string; token: string };
  const logs: string[] = [];
  beforeAll(async () => {
    llm = await startChatCompletionsServer();
    t = await createTradingTestApp('pglite', {
      env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-local', LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => void logs.push(line) },
    });
    user = await createUserWithSession(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('lets the model call the tools and keeps its answer, citations renumbered, when it uses only their numbers', async () => {
    const quote = t.market.getQuote('AAPL')!;
    const price = `${usd(quote.price)} (${signed(quote.changePercent)}%)`;
    llm.requests.length = 0;
    llm.answer(
      NO_SCORES,
      {
        toolCalls: [
          { id: 'c1', name: 'get_quote', arguments: '{}' },
          { id: 'c2', name: 'get_news', arguments: '{}' },
        ],
      },
      { content: `The news tone is summarised here [2]; Apple trades at ${price} [1].` },
    );
    const analysis = await analysed(t, 'AAPL', user.token);
    expect(analysis).toMatchObject({ generatedBy: 'LLM', model: 'test-model' });
    expect(llm.requests[0]?.body.messages?.[0]?.content).toBe(SENTIMENT_PROMPT);
    expect(llm.requests[1]?.body.tools?.map((tool) => tool.function.name)).toEqual([
      'get_quote',
      'get_technical_analysis',
      'get_scanner_hits',
      'get_news',
      'get_position',
    ]);
    const [quoteAnswer, newsAnswer] = (llm.requests[2]?.body.messages?.slice(-2) ?? []).map(
      (message) => JSON.parse(message.content ?? '{}') as { sources: { id: number; label: string; value: string }[] },
    );
    // numbered as handed out: the quote [1], then the news facts from [2]
    expect(quoteAnswer?.sources).toEqual([expect.objectContaining({ id: 1, value: price })]);
    expect(newsAnswer?.sources[0]).toMatchObject({ id: 2, label: expect.stringMatching(/^Mean sentiment of \d+ /) });
    // renumbered in order of first citation
    expect(analysis.sources.map((s) => [s.id, s.kind])).toEqual([
      [1, 'NEWS'],
      [2, 'QUOTE'],
    ]);
    expect(analysis.text).toBe(`The news tone is summarised here [1]; Apple trades at ${price} [2].`);
    expect(untracedNumbers(analysis.text, analysis.sources)).toEqual([]);
  });

  it('falls back to the rule-based writer when the model writes a number no tool gave', async () => {
    llm.answer(
      NO_SCORES,
      { toolCalls: [{ id: 'c1', name: 'get_quote', arguments: '{}' }] },
      { content: 'Microsoft will reach $987.65 [1].' },
    );
    const analysis = await analysed(t, 'MSFT', user.token);
    expect(analysis).toMatchObject({ generatedBy: 'RULES', model: null });
    expect(analysis.text).not.toContain('987.65');
    expect(logs.some((line) => line.includes('"reason":"numbers no tool gave: 987.65"'))).toBe(true);
    expect(untracedNumbers(analysis.text, analysis.sources)).toEqual([]);
  });

  it('serves the cached analysis to the same user for a minute, without asking the model again', async () => {
    const before = llm.requests.length;
    const again = await analysed(t, 'AAPL', user.token);
    expect(again.generatedBy).toBe('LLM');
    expect(llm.requests).toHaveLength(before);
  });
});
