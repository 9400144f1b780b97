import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createExecutableSchema } from './schema';
import { assertShareable, sharedSubscriptionKey } from './sharedSubscriptions';

const QUOTES = 'subscription Q($s: [String!]!) { marketDataUpdates(symbols: $s) { symbol price } }';

const keyOf = (query: string, variables?: Record<string, unknown>) =>
  sharedSubscriptionKey(parse(query), { query, variables });

describe('shared subscriptions', () => {
  it('the schema’s shared fields return only leaf fields without resolvers', () => {
    expect(() => assertShareable(createExecutableSchema())).not.toThrow();
  });

  it('refuses a shared field whose type has an object field', () => {
    const schema = buildSchema(`
      type Query { q: Int }
      type Owner { id: ID! }
      type MarketData { symbol: String! owner: Owner }
      type Subscription { marketDataUpdates(symbols: [String!]!): MarketData! }
    `);
    expect(() => assertShareable(schema)).toThrow('MarketData.owner could depend on the user');
  });

  it('keys identical quote subscriptions alike and everything else apart or not at all', () => {
    expect(keyOf(QUOTES, { s: ['AAPL'] })).toBe(keyOf(QUOTES, { s: ['AAPL'] }));
    expect(keyOf(QUOTES, { s: ['AAPL'] })).not.toBe(keyOf(QUOTES, { s: ['MSFT'] }));
    expect(keyOf('subscription { orderUpdates { id } }')).toBeUndefined();
    expect(keyOf('query { marketData(symbol: "AAPL") { price } }')).toBeUndefined();
    expect(
      keyOf('subscription { ...F } fragment F on Subscription { marketDataUpdates(symbols: ["A"]) { price } }'),
    ).toBe(undefined);
  });
});
