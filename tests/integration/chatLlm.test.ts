import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fixtures/chatCompletionsServer';
import { createTestApp, graphql, graphqlWsClient, nextWhile, type TestApp } from './helpers';

const SEND = `mutation Send($content: String!, $conversationId: ID) {
  sendChatMessage(content: $content, conversationId: $conversationId) {
    conversationId response reply { metadata { tradingData { action symbol quantity price currentPrice } chartData { symbol } alertType } }
  }
}`;

interface SendResult {
  sendChatMessage: {
    conversationId: string;
    response: string;
    reply: {
      metadata: {
        tradingData: {
          action: string;
          symbol: string;
          quantity: number;
          price: number | null;
          currentPrice: number;
        } | null;
        chartData: { symbol: string } | null;
        alertType: string | null;
      } | null;
    };
  };
}

// The adapter is the same on both drivers; PGlite is enough here.
describe('chat assistant with a language model (OpenAI-compatible endpoint)', () => {
  let llm: ChatCompletionsServer;
  let testApp: TestApp;

  beforeAll(async () => {
    llm = await startChatCompletionsServer();
    testApp = await createTestApp('pglite', {
      env: { MARKET_HOURS: 'always', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-local' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await llm?.close();
  });

  const send = async (content: string, conversationId?: string) => {
    const result = await graphql<SendResult>(testApp.app, SEND, { variables: { content, conversationId } });
    expect(result.errors).toBeUndefined();
    const answer = result.data?.sendChatMessage;
    if (!answer) throw new Error('no answer');
    return answer;
  };

  it('answers free text through the model, running its tool calls against our own market data', async () => {
    llm.requests.length = 0;
    llm.answer(
      { toolCalls: [{ id: 'call_1', name: 'get_quote', arguments: '{"symbol":"AAPL"}' }] },
      { content: 'Apple trades near its recent range.' },
    );
    const answer = await send('How is Apple doing?');
    expect(answer.response).toBe('Apple trades near its recent range.');
    expect(llm.requests).toHaveLength(2);
    const first = llm.requests[0];
    expect(first?.authorization).toBe('Bearer sk-local');
    expect(first?.body.model).toBe('test-model');
    expect(first?.body.messages?.[0]?.role).toBe('system');
    expect(first?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'How is Apple doing?' });
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual([
      'get_quote',
      'get_technical_analysis',
      'get_news',
      'get_portfolio',
      'get_market_overview',
      'propose_order',
      'create_price_alert',
    ]);
    const toolMessage = llm.requests[1]?.body.messages?.at(-1);
    expect(toolMessage?.role).toBe('tool');
    const quote = JSON.parse(toolMessage?.content ?? '{}') as { symbol: string; price: number; name: string };
    expect(quote).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.' });
    expect(quote.price).toBeGreaterThan(0);

    // The conversation so far goes with the next question.
    llm.answer({ content: 'Yes.' });
    await send('Thanks, and is that high?', answer.conversationId);
    const history = llm.requests[2]?.body.messages?.map((message) => message.role);
    expect(history).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('gives the model the news tool: the newest stories about a symbol with their sentiment', async () => {
    llm.requests.length = 0;
    llm.answer(
      { toolCalls: [{ id: 'call_n', name: 'get_news', arguments: '{"symbol":"AAPL"}' }] },
      // the tool reads the news, whose sentiment the model is asked to score first (scores nothing here)
      { content: '{"scores":[]}' },
      { content: 'The news on Apple is mixed.' },
    );
    expect((await send('Any news on Apple?')).response).toBe('The news on Apple is mixed.');
    const toolMessage = llm.requests[2]?.body.messages?.at(-1);
    const { news } = JSON.parse(toolMessage?.content ?? '{}') as {
      news: { headline: string; source: string; sentiment: number; publishedAt: string }[];
    };
    expect(news.length).toBeGreaterThan(0);
    expect(news.length).toBeLessThanOrEqual(5);
    for (const item of news) {
      expect(item.headline).not.toBe('');
      expect(Math.abs(item.sentiment)).toBeLessThanOrEqual(1);
    }
  });

  it('turns a proposed trade into an order card without placing anything', async () => {
    llm.answer(
      { toolCalls: [{ id: 'c', name: 'propose_order', arguments: '{"action":"buy","symbol":"msft","quantity":3}' }] },
      { content: 'Here is a market order for 3 MSFT to review.' },
    );
    const answer = await send('Buy me 3 Microsoft');
    expect(answer.reply.metadata?.tradingData).toMatchObject({
      action: 'buy',
      symbol: 'MSFT',
      quantity: 3,
      price: null,
    });
    expect(answer.reply.metadata?.tradingData?.currentPrice).toBeGreaterThan(0);
  });

  it('keeps slash commands away from the model', async () => {
    llm.requests.length = 0;
    const answer = await send('/analyze NVDA');
    expect(answer.reply.metadata?.chartData?.symbol).toBe('NVDA');
    expect(llm.requests).toHaveLength(0);
  });

  it('stores an apology when the model fails, so the message still gets one reply', async () => {
    llm.answer({ status: 503, body: '{"error":{"message":"overloaded"}}' });
    const answer = await send('Anything new?');
    expect(answer.response).toContain('Sorry, I could not answer that just now');
    expect(answer.reply.metadata?.alertType).toBe('error');
  });

  it('streams the model answer over graphql-ws as it is produced', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const client = graphqlWsClient(address, SINGLE_USER_TOKEN);
    type Event = { chatMessages: { delta: string; done: boolean } };
    const events = client.iterate<Event>({ query: 'subscription { chatMessages { delta done } }' });
    await nextWhile(events, () => send('/help'));
    // Drain the warm-up replies, then send the streamed one.
    llm.answer({ content: 'One, two, three, four, five, six.', chunks: 6 });
    const sending = send('Count to six');
    const deltas: string[] = [];
    let text = '';
    while (!text.endsWith('six.')) {
      const next = await events.next();
      if (next.done) break;
      const event = next.value.data?.chatMessages;
      if (!event || event.done) continue;
      if (event.delta.startsWith('**Available') || event.delta.startsWith('**/help')) continue;
      deltas.push(event.delta);
      text = deltas.join('');
    }
    expect((await sending).response).toBe('One, two, three, four, five, six.');
    expect(deltas.length).toBeGreaterThanOrEqual(6);
    expect(text).toBe('One, two, three, four, five, six.');
    await events.return?.();
    await client.dispose();
  });
});
