/**
 * The event bus across processes (issue 12 point 7): two buses on one Redis, as two server processes would hold.
 * A user's event published on one reaches that user's subscribers on the other (and on itself) and no other
 * user's; server-wide notices reach every bus; payloads arrive as they were sent; close() leaves nothing open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../../server/events';
import { createRedisEventBus } from '../../server/eventsRedis';
import { createRedisTarget } from '../../server/eventsRedis';
import type { PriceAlert } from '../../src/domain/alerts/priceAlert';
import type { ChatStreamEvent } from '../../src/domain/chat/conversation';
import { DEFAULT_PREFERENCES } from '../../src/domain/preferences';
import type { Portfolio } from '../../src/domain/trading/account';
import type { Order, Trade } from '../../src/domain/trading/orders';
import { redisSkipReason, startRedisServer, type RedisTestServer } from '../fixtures/redisServer';

const skipReason = redisSkipReason();
const USER = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const OTHER_USER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const order: Order = {
  id: 'ord-1',
  clientOrderId: null,
  symbol: 'AAPL',
  side: 'BUY',
  type: 'LIMIT',
  quantity: 2.5,
  price: 187.42,
  stopPrice: null,
  timeInForce: 'GTC',
  status: 'PARTIALLY_FILLED',
  filledQuantity: 1.25,
  averageFillPrice: 187.4,
  timestamp: '2026-11-23T14:30:00.000Z',
  updatedAt: '2026-11-23T14:31:05.123Z',
  strategyId: null,
  reason: 'Buy the dip — “quoted” text, émoji 📈',
};

const trade: Trade = {
  id: 'trd-1',
  orderId: 'ord-1',
  symbol: 'AAPL',
  side: 'BUY',
  quantity: 1.25,
  price: 187.4,
  timestamp: '2026-11-23T14:31:05.123Z',
  strategyId: 'strat-7',
  brokerId: 'paper',
  status: 'FILLED',
  reason: null,
  executionPrice: 187.4,
  commission: 0,
  tags: ['paper', 'limit'],
};

const alert: PriceAlert = {
  id: 'alert-1',
  type: 'price',
  symbol: 'TSLA',
  message: 'TSLA above 250',
  condition: 'above',
  isActive: false,
  triggerPrice: 250,
  currentPrice: 251.37,
  createdAt: '2026-11-20T09:00:00.000Z',
  triggeredAt: '2026-11-23T15:00:00.000Z',
  isRead: false,
};

const portfolio: Portfolio = {
  totalValue: 100_234.56,
  totalGainLoss: 234.56,
  totalGainLossPercent: 0.2346,
  dayGainLoss: -12.5,
  dayGainLossPercent: -0.0125,
  cash: 99_765.74,
  buyingPower: 99_531.46,
  marginUsed: 0,
  lastUpdated: '2026-11-23T15:00:00.000Z',
  positions: [
    {
      symbol: 'AAPL',
      quantity: 1.25,
      averageCost: 187.4,
      currentPrice: 187.5,
      marketValue: 234.38,
      costBasis: 234.25,
      unrealizedPnL: 0.13,
      unrealizedPnLPercent: 0.0555,
      realizedPnL: 0,
      dayPnL: 0.13,
      side: 'long',
    },
  ],
};

const chatEvent: ChatStreamEvent = {
  conversationId: 'conv-1',
  messageId: 'msg-2',
  replyTo: 'msg-1',
  delta: '',
  done: true,
  message: {
    id: 'msg-2',
    conversationId: 'conv-1',
    content: '**Buy 2 AAPL?**\n\n| a | b |\n|---|---|',
    type: 'assistant',
    timestamp: '2026-11-23T15:00:01.000Z',
    status: 'sent',
    attachments: [{ id: 'att-1', name: 'chart.png', type: 'image/png' }],
    isRead: false,
    metadata: {
      tradingData: {
        action: 'buy',
        symbol: 'AAPL',
        quantity: 2,
        price: null,
        currentPrice: 187.5,
        change: -0.5,
        changePercent: -0.27,
      },
      strategyData: null,
      chartData: { symbol: 'AAPL', interval: '1D', indicators: ['SMA', 'RSI'] },
      alertType: 'info',
      description: null,
      action: 'confirm_order',
    },
  },
};

/** Resolves with the next item of `subscription`, or 'none' when nothing comes within `ms`. */
function nextWithin<T>(iterator: AsyncIterator<T>, ms: number): Promise<T | 'none'> {
  return Promise.race([
    iterator.next().then((result) => (result.done ? ('none' as const) : result.value)),
    new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), ms)),
  ]);
}

describe.skipIf(skipReason)(`event bus over Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let redis: RedisTestServer;
  let a: EventBus;
  let b: EventBus;
  beforeAll(async () => {
    redis = await startRedisServer({ password: 'p@ss:word/1' });
    a = createRedisEventBus(redis.url);
    b = createRedisEventBus(redis.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it("delivers a user's event to that user's subscribers on both buses, not to another user's", async () => {
    const onB = b.subscribe('orderUpdated', USER)[Symbol.asyncIterator]();
    const onA = a.subscribe('orderUpdated', USER)[Symbol.asyncIterator]();
    const otherOnB = b.subscribe('orderUpdated', OTHER_USER)[Symbol.asyncIterator]();
    // A repeater subscribes on its first next(): ask for the items, then wait until Redis holds the subscriptions.
    const received = [onB.next(), onA.next()];
    const other = nextWithin(otherOnB, 500);
    await Promise.all([a.subscriptionsReady(), b.subscriptionsReady()]);
    a.publish('orderUpdated', USER, order);
    expect((await Promise.all(received)).map((result) => result.value)).toEqual([order, order]);
    expect(await other).toBe('none');
    await Promise.all([onA.return?.(), onB.return?.(), otherOnB.return?.()]);
  });

  it('delivers a server-wide sessionEnded notice to every bus, the publishing one included', async () => {
    const onA = a.subscribe('sessionEnded')[Symbol.asyncIterator]();
    const onB = b.subscribe('sessionEnded')[Symbol.asyncIterator]();
    const received = [onA.next(), onB.next()];
    await Promise.all([a.subscriptionsReady(), b.subscriptionsReady()]);
    b.publish('sessionEnded', { userId: USER, sessionId: null });
    const notice = { userId: USER, sessionId: null };
    expect((await Promise.all(received)).map((result) => result.value)).toEqual([notice, notice]);
    await Promise.all([onA.return?.(), onB.return?.()]);
  });

  it('carries every kind of payload as JSON that arrives equal to what was sent', async () => {
    const subscriptions = {
      orderUpdated: b.subscribe('orderUpdated', USER)[Symbol.asyncIterator](),
      tradeExecuted: b.subscribe('tradeExecuted', USER)[Symbol.asyncIterator](),
      alertTriggered: b.subscribe('alertTriggered', USER)[Symbol.asyncIterator](),
      chatMessage: b.subscribe('chatMessage', USER)[Symbol.asyncIterator](),
      preferencesUpdated: b.subscribe('preferencesUpdated', USER)[Symbol.asyncIterator](),
    };
    const received = Object.values(subscriptions).map((subscription) => subscription.next());
    await b.subscriptionsReady();
    a.publish('orderUpdated', USER, order);
    a.publish('tradeExecuted', USER, trade);
    a.publish('alertTriggered', USER, alert);
    a.publish('chatMessage', USER, chatEvent);
    a.publish('preferencesUpdated', USER, DEFAULT_PREFERENCES);
    const values = (await Promise.all(received)).map((result) => result.value);
    // toStrictEqual: a property arriving missing instead of null, or a class instead of a plain object, fails.
    expect(values).toStrictEqual([order, trade, alert, chatEvent, DEFAULT_PREFERENCES]);
    await Promise.all(Object.values(subscriptions).map((subscription) => subscription.return?.()));
  });

  it('carries a Portfolio unchanged (through the Redis target itself, whatever channel carries it)', async () => {
    const log = { info: () => undefined, error: () => undefined };
    type PortfolioEvent = CustomEvent<Portfolio>;
    const sender = createRedisTarget<PortfolioEvent>(redis.url, log);
    const receiver = createRedisTarget<PortfolioEvent>(redis.url, log);
    try {
      const arrived = new Promise<unknown>((resolve) =>
        receiver.target.addEventListener('portfolio:test', (event) => resolve(event.detail)),
      );
      await receiver.subscriptionsReady();
      sender.target.dispatchEvent(new CustomEvent('portfolio:test', { detail: portfolio }));
      expect(await arrived).toStrictEqual(portfolio);
    } finally {
      await Promise.all([sender.close(), receiver.close()]);
    }
  });

  it('close() quits both connections: no socket to Redis stays open, and publishing afterwards does nothing', async () => {
    const handles = () =>
      process
        .getActiveResourcesInfo()
        .filter((name) => name === 'TCPSocketWrap' || name === 'TCPWRAP' || name === 'PipeWrap');
    const before = handles().length;
    const bus = createRedisEventBus(redis.url);
    const subscription = bus.subscribe('sessionEnded')[Symbol.asyncIterator]();
    const pending = subscription.next();
    await bus.subscriptionsReady();
    expect(handles().length).toBe(before + 2);
    await bus.close();
    expect(handles().length).toBe(before);
    bus.publish('sessionEnded', { userId: USER, sessionId: null });
    expect(await Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve('none'), 200))])).toBe(
      'none',
    );
    await subscription.return?.();
  });

  it('works without REDIS_URL in one process, delivering at once, and close() is a no-op', async () => {
    const bus = createEventBus();
    const subscription = bus.subscribe('tradeExecuted', USER)[Symbol.asyncIterator]();
    const next = subscription.next();
    await bus.subscriptionsReady();
    bus.publish('tradeExecuted', USER, trade);
    expect((await next).value).toBe(trade);
    await bus.close();
    await subscription.return?.();
  });
});

describe('event bus with Redis unreachable', () => {
  it('logs each connection’s error once by its message (never the URL or password), and close() returns at once', async () => {
    const logged: unknown[] = [];
    const log = { info: (line: unknown) => logged.push(line), error: (line: unknown) => logged.push(line) };
    const bus = createRedisEventBus('redis://:hunter2@127.0.0.1:1', log);
    const subscription = bus.subscribe('sessionEnded')[Symbol.asyncIterator]();
    void subscription.next();
    bus.publish('sessionEnded', { userId: USER, sessionId: null });
    for (let waited = 0; logged.length < 2 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300)); // reconnection attempts meanwhile are not logged again
    expect(logged).toHaveLength(2);
    expect(logged).toEqual(
      expect.arrayContaining(
        ['publish', 'subscribe'].map((redis) => ({ redis, error: expect.stringContaining('ECONNREFUSED') })),
      ),
    );
    expect(JSON.stringify(logged)).not.toContain('hunter2');
    const started = performance.now();
    await bus.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await subscription.return?.();
  });
});
