// Watchlist items through the real schema and resolvers with counting fakes: each field is loaded once per
// answer for all the items (no call per item), and nothing is loaded for fields the query does not select.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { Services } from '../services';
import type { GraphQLContext } from './context';
import { resolvers } from './resolvers';

const schemaDirectory = fileURLToPath(new URL('../../schema', import.meta.url));
const typeDefs = readdirSync(schemaDirectory)
  .filter((file) => file.endsWith('.graphql'))
  .map((file) => readFileSync(join(schemaDirectory, file), 'utf8'));

const USER = 'user-1';
const LISTS = [
  {
    id: 'w1',
    name: 'Tech',
    symbols: ['AAPL', 'MSFT'],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  },
  {
    id: 'w2',
    name: 'More',
    symbols: ['MSFT', 'TSLA'],
    createdAt: '2026-01-02T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
  },
];

function fakeServices() {
  const calls = { quotes: [] as string[][], alerts: [] as string[][], positions: 0, analyses: [] as string[] };
  const services = {
    watchlists: { list: (userId: string) => Promise.resolve(userId === USER ? LISTS : []) },
    marketData: {
      quotes: (symbols: string[]) => {
        calls.quotes.push(symbols);
        return Promise.resolve(symbols.map((symbol) => ({ symbol, price: 100, change: 1, changePercent: 1 })));
      },
      technicalAnalysis: (symbol: string) => {
        calls.analyses.push(symbol);
        const signals = [
          { type: 'ADX_WEAK_TREND', strength: 0.2, description: 'weak', recommendation: 'HOLD' },
          { type: 'RSI_OVERSOLD', strength: 0.9, description: `${symbol} oversold`, recommendation: 'BUY' },
          { type: 'MACD_BULLISH_CROSS', strength: 0.5, description: 'cross', recommendation: 'BUY' },
        ];
        return Promise.resolve(symbol === 'TSLA' ? null : { signals });
      },
    },
    alerts: {
      forSymbols: (userId: string, symbols: string[]) => {
        calls.alerts.push(symbols);
        const bySymbol = new Map(symbols.map((symbol) => [symbol, [] as { id: string; symbol: string }[]]));
        if (userId === USER) bySymbol.get('AAPL')?.push({ id: 'a1', symbol: 'AAPL' }, { id: 'a2', symbol: 'AAPL' });
        return Promise.resolve(bySymbol);
      },
    },
    trading: {
      broker: {
        positions: () => {
          calls.positions += 1;
          return Promise.resolve([{ symbol: 'MSFT', quantity: 7 }]);
        },
      },
    },
  };
  return { services: services as unknown as Services, calls };
}

async function run(query: string) {
  const fake = fakeServices();
  const context: GraphQLContext = {
    user: { id: USER },
    services: fake.services,
    client: { ip: '', token: null },
    idempotencyKey: null,
  };
  const yoga = createYoga({
    schema: createSchema<GraphQLContext>({ typeDefs, resolvers }),
    context: () => context,
    logging: false,
    // The app maps AppErrors to their codes (./errors.ts); here the message itself is enough.
    maskedErrors: false,
  });
  const response = await yoga.fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  return { body, calls: fake.calls };
}

describe('watchlist items (spec §3: name, marketData, alerts, technicalSignals, position)', () => {
  it('loads each field once for all the items of the answer, each distinct symbol analysed once', async () => {
    const { body, calls } = await run(`{ watchlists { id items {
      symbol name marketData { symbol price } alerts { id } technicalSignals { type recommendation } position { quantity }
    } } }`);
    expect(body.errors).toBeUndefined();
    expect(calls.quotes).toEqual([['AAPL', 'MSFT', 'TSLA']]);
    expect(calls.alerts).toEqual([['AAPL', 'MSFT', 'TSLA']]);
    expect(calls.positions).toBe(1);
    expect(calls.analyses.sort()).toEqual(['AAPL', 'MSFT', 'TSLA']);
    expect(body.data).toEqual({
      watchlists: [
        {
          id: 'w1',
          items: [
            {
              symbol: 'AAPL',
              name: 'Apple Inc.',
              marketData: { symbol: 'AAPL', price: 100 },
              alerts: [{ id: 'a1' }, { id: 'a2' }],
              technicalSignals: [
                { type: 'RSI_OVERSOLD', recommendation: 'BUY' },
                { type: 'MACD_BULLISH_CROSS', recommendation: 'BUY' },
                { type: 'ADX_WEAK_TREND', recommendation: 'HOLD' },
              ],
              position: null,
            },
            expect.objectContaining({ symbol: 'MSFT', alerts: [], position: { quantity: 7 } }),
          ],
        },
        {
          id: 'w2',
          items: [
            expect.objectContaining({ symbol: 'MSFT', position: { quantity: 7 } }),
            expect.objectContaining({ symbol: 'TSLA', technicalSignals: [], position: null }),
          ],
        },
      ],
    });
  });

  it('technicalSignals(limit) gives the strongest first, 3 by default, and refuses a limit out of 1–12', async () => {
    const strongest = await run('{ watchlists { items { technicalSignals(limit: 1) { type } } } }');
    expect(strongest.body.data).toMatchObject({
      watchlists: [{ items: [{ technicalSignals: [{ type: 'RSI_OVERSOLD' }] }, expect.anything()] }, expect.anything()],
    });
    const refused = await run('{ watchlists { items { technicalSignals(limit: 13) { type } } } }');
    expect(JSON.stringify(refused.body.errors)).toContain('limit must be an integer from 1 to 12');
  });

  it('loads nothing for the fields a query does not select', async () => {
    const { body, calls } = await run('{ watchlists { items { symbol name } } }');
    expect(body.errors).toBeUndefined();
    expect(calls).toEqual({ quotes: [], alerts: [], positions: 0, analyses: [] });
  });
});
