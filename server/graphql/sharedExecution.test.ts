import { createSchema, createYoga, isAsyncIterable, Repeater, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { mapEvents, sharedExecutionPlugin } from './sharedExecution';

interface Quote {
  symbol: string;
  price: number;
}

/** A Yoga whose subscriptions stream `events`, and how often the usual subscribe (the one before the plugin) ran. */
function setup(events: Quote[], withPlugin = true) {
  let usualCalls = 0;
  const counting: Plugin = {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      setSubscribeFn(((args: Parameters<typeof subscribeFn>[0]) => {
        usualCalls += 1;
        return subscribeFn(args);
      }) as typeof subscribeFn);
    },
  };
  const stream = () =>
    new Repeater<Quote>(async (push, stop) => {
      for (const event of events) await push(event);
      stop();
    });
  const schema = createSchema({
    typeDefs: /* GraphQL */ `
      type MarketData {
        symbol: String!
        price: Float!
      }
      type Query {
        ok: Boolean
      }
      type Subscription {
        marketDataUpdates(symbols: [String!]!): MarketData!
        other: MarketData!
      }
    `,
    resolvers: {
      Subscription: {
        marketDataUpdates: {
          subscribe: (_: unknown, { symbols }: { symbols: string[] }) => {
            if (symbols.includes('NOPE')) throw new Error('Unknown symbol: NOPE');
            return stream();
          },
          resolve: (quote: Quote) => quote,
        },
        other: { subscribe: stream, resolve: (quote: Quote) => quote },
      },
    },
  });
  const yoga = createYoga({
    schema,
    plugins: withPlugin ? [counting, sharedExecutionPlugin()] : [counting],
    logging: false,
  });
  const run = async (query: string, variables?: Record<string, unknown>, operationName?: string) => {
    const { parse, validate, subscribe, contextFactory, schema: enveloped } = yoga.getEnveloped({});
    const document = parse(query);
    expect(validate(enveloped, document)).toEqual([]);
    const result = await subscribe({
      schema: enveloped,
      document,
      operationName,
      variableValues: variables,
      contextValue: await contextFactory(),
    });
    if (!isAsyncIterable(result)) return JSON.parse(JSON.stringify(result)) as unknown;
    const results: unknown[] = [];
    for await (const event of result) results.push(JSON.parse(JSON.stringify(event)));
    return results;
  };
  return { run, usualCalls: () => usualCalls };
}

const SHARED =
  'subscription S($s: [String!]!) { a: marketDataUpdates(symbols: $s) { symbol ... on MarketData { price } x: price __typename } }';
const EVENTS: Quote[] = [
  { symbol: 'AAPL', price: 1.5 },
  { symbol: 'AAPL', price: 2 },
];

describe('sharedExecutionPlugin', () => {
  it('executes the events of a shared subscription with its compiled query, not the usual subscribe, to the same results', async () => {
    const jit = setup(EVENTS);
    const usual = setup(EVENTS, false);
    const results = await jit.run(SHARED, { s: ['AAPL'] });
    expect(results).toEqual(await usual.run(SHARED, { s: ['AAPL'] }));
    expect(results).toEqual([
      { data: { a: { symbol: 'AAPL', price: 1.5, x: 1.5, __typename: 'MarketData' } } },
      { data: { a: { symbol: 'AAPL', price: 2, x: 2, __typename: 'MarketData' } } },
    ]);
    expect(jit.usualCalls()).toBe(0);
  });

  it('compiles each operation of a document on its own', async () => {
    const jit = setup(EVENTS.slice(0, 1));
    const document =
      'subscription A($s: [String!]!) { marketDataUpdates(symbols: $s) { symbol } } subscription B($s: [String!]!) { marketDataUpdates(symbols: $s) { price } }';
    expect(await jit.run(document, { s: ['AAPL'] }, 'A')).toEqual([
      { data: { marketDataUpdates: { symbol: 'AAPL' } } },
    ]);
    expect(await jit.run(document, { s: ['AAPL'] }, 'B')).toEqual([{ data: { marketDataUpdates: { price: 1.5 } } }]);
    expect(jit.usualCalls()).toBe(0);
  });

  it('gives a failing opening (resolver or variables) to the usual subscribe, whose answer stands', async () => {
    for (const variables of [{ s: ['NOPE'] }, { s: 5 }]) {
      const jit = setup(EVENTS);
      const answer = await jit.run(SHARED, variables);
      expect(answer).toEqual(await setup(EVENTS, false).run(SHARED, variables));
      expect(answer).toMatchObject({ errors: [expect.anything()] });
      expect(jit.usualCalls()).toBe(1);
    }
  });

  it('leaves other subscriptions to the usual subscribe', async () => {
    const jit = setup(EVENTS);
    expect(await jit.run('subscription { other { symbol } }')).toEqual([
      { data: { other: { symbol: 'AAPL' } } },
      { data: { other: { symbol: 'AAPL' } } },
    ]);
    expect(jit.usualCalls()).toBe(1);
  });
});

describe('mapEvents', () => {
  it('maps each event, ends with the source, wraps its error and closes it on return', async () => {
    let returned = 0;
    const failing: AsyncIterator<number> = {
      next: async () => {
        throw new Error('upstream gone');
      },
      return: async () => {
        returned += 1;
        return { value: undefined, done: true };
      },
    };
    const mapped = mapEvents(
      failing,
      (n) => ({ data: { n } }),
      (error) => new Error(`wrapped: ${(error as Error).message}`),
    );
    await expect(mapped.next()).rejects.toThrow('wrapped: upstream gone');
    await mapped.return!();
    expect(returned).toBe(1);
    const source = [1, 2][Symbol.iterator]();
    const counting = mapEvents(
      { next: async () => source.next() },
      (n) => ({ data: { n } }),
      (error) => error,
    );
    expect(await counting.next()).toEqual({ value: { data: { n: 1 } }, done: false });
    expect(await counting.next()).toEqual({ value: { data: { n: 2 } }, done: false });
    expect(await counting.next()).toEqual({ value: undefined, done: true });
  });
});
