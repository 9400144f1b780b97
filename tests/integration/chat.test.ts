import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, strategies } from '../../server/db/schema';
import { NO_LLM_TEXT } from '../../server/services/chat/assistant/ruleBased';
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';
import {
  createTestApp,
  createUserWithSession,
  drivers,
  graphql,
  graphqlWsClient,
  nextWhile,
  type TestApp,
} from './helpers';

const MESSAGE_FIELDS = `id conversationId content type status timestamp isRead attachments { id name type }
  metadata { alertType description action chartData { symbol interval indicators } strategyData { name status tradesCount performance winRate }
    tradingData { action symbol quantity price currentPrice change changePercent } }`;

const SEND = `mutation Send($content: String!, $conversationId: ID, $id: ID, $attachments: [ChatAttachmentInput!]) {
  sendChatMessage(content: $content, conversationId: $conversationId, id: $id, attachments: $attachments) {
    success messageId response conversationId message { ${MESSAGE_FIELDS} } reply { ${MESSAGE_FIELDS} }
  }
}`;

interface Message {
  id: string;
  conversationId: string;
  content: string;
  type: string;
  status: string;
  isRead: boolean;
  attachments: { id: string; name: string; type: string }[];
  metadata: {
    alertType: string | null;
    description: string | null;
    action: string | null;
    chartData: { symbol: string; interval: string; indicators: string[] } | null;
    strategyData: {
      name: string;
      status: string;
      tradesCount: number | null;
      performance?: number | null;
      winRate?: number | null;
    } | null;
    tradingData: {
      action: string;
      symbol: string;
      quantity: number;
      price: number | null;
      currentPrice: number | null;
      change: number | null;
      changePercent: number | null;
    } | null;
  } | null;
}

interface SendResult {
  sendChatMessage: {
    success: boolean;
    messageId: string;
    response: string;
    conversationId: string;
    message: Message;
    reply: Message;
  };
}

describe.each(drivers)('chat assistant (%s)', (driver) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(driver, { env: { MARKET_HOURS: 'always' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const send = (variables: Record<string, unknown>, token?: string) =>
    graphql<SendResult>(testApp.app, SEND, { variables, token });
  const sent = async (variables: Record<string, unknown>, token?: string) => {
    const result = await send(variables, token);
    expect(result.errors).toBeUndefined();
    const answer = result.data?.sendChatMessage;
    if (!answer) throw new Error('no answer');
    return answer;
  };
  const messageCount = async () => {
    const [row] = await testApp.db.select({ n: count() }).from(chatMessages);
    return row?.n ?? 0;
  };

  it('answers /help with every command, its usage and category, in a new conversation', async () => {
    const id = randomUUID();
    const answer = await sent({ content: '/help', id });
    expect(answer).toMatchObject({ success: true, messageId: id });
    expect(answer.message).toMatchObject({ id, content: '/help', type: 'user', status: 'sent' });
    expect(answer.reply).toMatchObject({ type: 'assistant', status: 'sent', isRead: false });
    for (const usage of [
      '/buy [symbol] [quantity] [price?]',
      '/analyze [symbol]',
      '/alert [symbol] [condition] [value]',
    ]) {
      expect(answer.response).toContain(usage);
    }
    expect(answer.response).toContain('(trading)');
    const listed = await graphql<{
      conversations: { id: string; title: string; lastMessage: string; unreadCount: number }[];
    }>(testApp.app, '{ conversations { id title lastMessage unreadCount } }');
    expect(listed.data?.conversations.find((c) => c.id === answer.conversationId)).toMatchObject({
      title: '/help',
      lastMessage: answer.response,
      unreadCount: 1,
    });
  });

  it('replays a send with the same message id: one user message, one reply, the same answer', async () => {
    const id = randomUUID();
    const first = await sent({ content: '/help buy', id });
    const before = await messageCount();
    const again = await sent({ content: '/help buy', id });
    expect(again).toEqual(first);
    expect(await messageCount()).toBe(before);
    const [stored] = await testApp.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.replyTo, id));
    expect(stored?.n).toBe(1);
  });

  it('answers command errors with the spec texts', async () => {
    const { conversationId } = await sent({ content: '/buy AAPL' });
    expect((await sent({ content: '/buy AAPL', conversationId })).response).toBe(
      'Invalid usage. Expected: /buy [symbol] [quantity] [price?]',
    );
    expect((await sent({ content: '/analyze', conversationId })).response).toBe('Please specify a symbol to analyze');
    expect((await sent({ content: '/fly', conversationId })).response).toBe(
      'Unknown command: /fly. Type /help for available commands.',
    );
  });

  it('/buy proposes an order card with the live price and places nothing', async () => {
    const answer = await sent({ content: '/buy aapl 5' });
    const card = answer.reply.metadata?.tradingData;
    expect(card).toMatchObject({ action: 'buy', symbol: 'AAPL', quantity: 5, price: null });
    expect(card?.currentPrice).toBeGreaterThan(0);
    expect(answer.response).toContain('Nothing has been placed yet');
    const limit = await sent({ content: '/sell MSFT 2 500', conversationId: answer.conversationId });
    expect(limit.reply.metadata?.tradingData).toMatchObject({
      action: 'sell',
      symbol: 'MSFT',
      quantity: 2,
      price: 500,
    });
  });

  it('/analyze answers with the technical analysis and a chart card', async () => {
    const answer = await sent({ content: '/analyze AAPL' });
    expect(answer.reply.metadata?.chartData).toEqual({
      symbol: 'AAPL',
      interval: '1D',
      indicators: ['SMA20', 'SMA50', 'BB', 'RSI', 'MACD'],
    });
    expect(answer.response).toContain('AAPL technical analysis');
    expect(answer.response).toMatch(/RSI\(14\): \d+\.\d/);
    expect((await sent({ content: '/analyze ZZZZ' })).response).toContain("I don't know the symbol **ZZZZ**");
  });

  it('answers common questions from real data without a language model, and says what it cannot do', async () => {
    const price = await sent({ content: "What's the price of Apple today?" });
    expect(price.response).toMatch(/^\*\*AAPL\*\* \(Apple Inc\.\) \$\d/);
    // the latest headlines about the symbol, each with its sentiment score and tone
    const headlines = /\n- .+ — .+, \d{4}-\d\d-\d\d \(sentiment [+-]?\d\.\d\d, (positive|negative|neutral)\)/g;
    expect(price.response).toContain('**Latest news on AAPL**');
    expect(price.response.match(headlines)?.length).toBe(3);
    const outlook = await sent({ content: "What's the outlook for Apple?" });
    expect(outlook.response).toContain('AAPL technical analysis');
    expect(outlook.response).toContain('**Latest news on AAPL**');
    const market = await sent({ content: 'How is the market?' });
    expect(market.response).toMatch(/Breadth: \d+ advancing, \d+ declining, \d+ unchanged/);
    const poem = await sent({ content: 'Write me a poem about bonds' });
    expect(poem.response).toBe(NO_LLM_TEXT);
  });

  it('/portfolio and /performance answer from the paper account', async () => {
    const order = await graphql<{ placeOrder: { status: string } }>(
      testApp.app,
      'mutation { placeOrder(input: { symbol: "INTC", side: BUY, type: MARKET, quantity: 3, clientOrderId: "chat-portfolio-test" }) { status } }',
    );
    expect(order.data?.placeOrder.status).toBe('FILLED');
    const portfolio = await sent({ content: '/portfolio' });
    expect(portfolio.response).toMatch(/^\*\*Portfolio: \$[\d,]+\.\d{2}\*\*/);
    expect(portfolio.response).toMatch(/- INTC: 3 × \$/);
    expect(portfolio.reply.metadata).toMatchObject({ alertType: 'info', action: 'portfolio' });
    const performance = await sent({ content: '/performance ALL' });
    expect(performance.response).toMatch(/^\*\*Performance, ALL\*\* \(\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\)/);
    expect(performance.response).toContain('Start $100,000.00');
  });

  it('/alert creates a price alert through the alerts service', async () => {
    const answer = await sent({ content: '/alert tsla above 9999' });
    expect(answer.response).toContain('Price alert set: **TSLA above $9999.00**');
    expect(answer.reply.metadata).toMatchObject({ alertType: 'success', action: 'alert' });
    const listed = await graphql<{
      alerts: { symbol: string; condition: string; triggerPrice: number; isActive: boolean }[];
    }>(testApp.app, '{ alerts { symbol condition triggerPrice isActive } }');
    expect(listed.data?.alerts).toContainEqual({
      symbol: 'TSLA',
      condition: 'above',
      triggerPrice: 9999,
      isActive: true,
    });
    expect((await sent({ content: '/alert ZZZZ above 5' })).response).toContain("I don't know the symbol **ZZZZ**");
  });

  it('/strategy creates, lists and views strategies with a strategy card', async () => {
    expect((await sent({ content: '/strategy list' })).response).toContain('You have no strategies yet');
    const created = await sent({ content: '/strategy create Momentum breakout' });
    expect(created.reply.metadata?.strategyData).toEqual({
      name: 'Momentum breakout',
      status: 'paused',
      tradesCount: 0,
      performance: null,
      winRate: null,
    });
    expect(created.response).toContain('Strategy **Momentum breakout** created');
    const again = await sent({ content: '/strategy create momentum BREAKOUT' });
    expect(again.response).toBe('You already have a strategy named "momentum BREAKOUT".');
    const listed = await sent({ content: '/strategy list' });
    expect(listed.response).toContain('- **Momentum breakout**: paused, 0 trades');
    const viewed = await sent({ content: '/strategy view momentum breakout' });
    expect(viewed.response).toBe('**Momentum breakout**: paused, 0 trades so far.');
    expect((await sent({ content: '/strategy view Nope' })).response).toContain('You have no strategy named **Nope**');
    expect((await sent({ content: '/strategy create' })).response).toContain('Please name the strategy.');

    // From a template (the same path as createStrategy): rules, version 1, paused; its card's figures come from
    // its latest backtest (none yet: null, never invented).
    const fromTemplate = await sent({ content: '/strategy create sma-crossover SPY trend' });
    expect(fromTemplate.response).toContain('Strategy **SPY trend** created');
    expect(fromTemplate.reply.metadata?.strategyData).toEqual({
      name: 'SPY trend',
      status: 'paused',
      tradesCount: 0,
      performance: null,
      winRate: null,
    });
    const [row] = await testApp.db.select().from(strategies).where(eq(strategies.name, 'SPY trend'));
    expect(row).toMatchObject({ templateId: 'sma-crossover', version: 1, isActive: false });
    expect(JSON.parse(row!.code!)).toMatchObject({ symbols: ['SPY'], interval: '1D' });
    const backtest = await graphql<{ evolveStrategy: { metrics: { totalReturn: number } } }>(
      testApp.app,
      'mutation E($input: EvolveStrategyInput!) { evolveStrategy(input: $input) { metrics { totalReturn } } }',
      { variables: { input: { strategyId: row!.id } } },
    );
    const totalReturn = backtest.data!.evolveStrategy.metrics.totalReturn;
    const trend = await sent({ content: '/strategy view SPY trend' });
    expect(trend.reply.metadata?.strategyData?.performance).toBeCloseTo(totalReturn * 100, 10);
  });

  it('keeps attachments and refuses empty messages and unsupported files, writing nothing', async () => {
    const withFile = await sent({
      content: '',
      attachments: [{ id: 'a1', name: 'statement.pdf', type: 'application/pdf' }],
    });
    expect(withFile.message.attachments).toEqual([{ id: 'a1', name: 'statement.pdf', type: 'application/pdf' }]);
    const before = await messageCount();
    const empty = await send({ content: '   ' });
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(empty.errors?.[0]?.message).toContain('a message needs text or an attachment');
    const exe = await send({
      content: 'see file',
      attachments: [{ id: 'a2', name: 'run.exe', type: 'application/x-msdownload' }],
    });
    expect(exe.errors?.[0]?.message).toContain('attachments may be images, pdf, doc, docx or txt files');
    const badId = await send({ content: 'hi', id: 'not-a-uuid' });
    expect(badId.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await messageCount()).toBe(before);
  });

  it('creates conversations (idempotent by id), lists, reads, marks read and clears them', async () => {
    const id = randomUUID();
    const create = `mutation C($id: ID, $title: String) { createChatConversation(id: $id, title: $title) { success conversationId conversation { title unreadCount } } }`;
    const first = await graphql<{ createChatConversation: { success: boolean; conversationId: string } }>(
      testApp.app,
      create,
      {
        variables: { id, title: 'Earnings week' },
      },
    );
    expect(first.data?.createChatConversation).toMatchObject({ success: true, conversationId: id });
    const again = await graphql(testApp.app, create, { variables: { id, title: 'Other' } });
    expect(again.data).toEqual(first.data);

    await sent({ content: '/help', conversationId: id });
    const read = await graphql<{ conversation: { title: string; unreadCount: number; messages: Message[] } }>(
      testApp.app,
      `
        query Q($id: ID!) {
          conversation(id: $id) {
            title
            unreadCount
            messages {
              type
              content
            }
          }
        }
      `,
      { variables: { id } },
    );
    expect(read.data?.conversation).toMatchObject({ title: 'Earnings week', unreadCount: 1 });
    expect(read.data?.conversation.messages.map((m) => m.type)).toEqual(['user', 'assistant']);

    const marked = await graphql<{ markConversationRead: { unreadCount: number } }>(
      testApp.app,
      'mutation M($id: ID!) { markConversationRead(conversationId: $id) { unreadCount } }',
      { variables: { id } },
    );
    expect(marked.data?.markConversationRead.unreadCount).toBe(0);

    const cleared = await graphql<{ clearChatConversation: { success: boolean } }>(
      testApp.app,
      'mutation X($id: ID!) { clearChatConversation(conversationId: $id) { success } }',
      { variables: { id } },
    );
    expect(cleared.data?.clearChatConversation.success).toBe(true);
    const after = await graphql<{ conversation: { messages: Message[] } }>(
      testApp.app,
      'query Q($id: ID!) { conversation(id: $id) { messages { id } } }',
      { variables: { id } },
    );
    expect(after.data?.conversation.messages).toEqual([]);

    const plain = await graphql<{ createConversation: { id: string; title: string } }>(
      testApp.app,
      'mutation { createConversation(title: "Ideas") { id title } }',
    );
    expect(plain.data?.createConversation.title).toBe('Ideas');
  });

  it("keeps every user's conversations to that user", async () => {
    const other = await createUserWithSession(testApp.db);
    const mine = await sent({ content: '/help' });
    const peek = await graphql<{ conversation: unknown }>(
      testApp.app,
      'query Q($id: ID!) { conversation(id: $id) { id } }',
      {
        token: other.token,
        variables: { id: mine.conversationId },
      },
    );
    expect(peek.data?.conversation).toBeNull();
    const write = await send({ content: 'hi', conversationId: mine.conversationId }, other.token);
    expect(write.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const reuse = await send({ content: 'hi', id: mine.messageId }, other.token);
    expect(reuse.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const clear = await graphql(
      testApp.app,
      'mutation X($id: ID!) { clearChatConversation(conversationId: $id) { success } }',
      {
        token: other.token,
        variables: { id: mine.conversationId },
      },
    );
    expect(clear.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const list = await graphql<{ conversations: { id: string }[] }>(testApp.app, '{ conversations { id } }', {
      token: other.token,
    });
    expect(list.data?.conversations).toEqual([]);
  });

  it('streams replies over graphql-ws to the sender only', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const client = graphqlWsClient(address, SINGLE_USER_TOKEN);
    const { conversationId } = await sent({ content: '/help' });
    type Event = {
      chatMessages: {
        conversationId: string;
        replyTo: string;
        delta: string;
        done: boolean;
        message: { content: string } | null;
      };
    };
    const events = client.iterate<Event>({
      query: `subscription S($id: ID) { chatMessages(conversationId: $id) { conversationId replyTo delta done message { content } } }`,
      variables: { id: conversationId },
    });
    const first = await nextWhile(events, () => sent({ content: '/help analyze', conversationId }));
    expect(first.data?.chatMessages.conversationId).toBe(conversationId);

    const id = randomUUID();
    const answer = await sent({ content: '/help portfolio', conversationId, id });
    const received: Event['chatMessages'][] = [];
    for (;;) {
      const next = await events.next();
      if (next.done) break;
      const event = next.value.data?.chatMessages;
      if (event?.replyTo !== id) continue;
      received.push(event);
      if (event.done) break;
    }
    expect(received.map((event) => event.delta).join('')).toBe(answer.response);
    expect(received.at(-1)?.message?.content).toBe(answer.response);
    await events.return?.();
    await client.dispose();
  });
});
