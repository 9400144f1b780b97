// Spec §3 Watchlist items through buildApp: each item carries its name, marketData, the user's alerts on the
// symbol, the technical-analysis service's signals and the user's position; another user's alerts, positions
// and watchlists never show, and another user's watchlist id is NOT_FOUND for writes (null for reads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, drivers, graphql } from './helpers';
import { createTradingTestApp, placed, type TradingTestApp } from './ordersSetup';

interface Item {
  symbol: string;
  name: string | null;
  marketData: { symbol: string; price: number } | null;
  alerts: { id: string; symbol: string; triggerPrice: number }[];
  technicalSignals: { type: string; strength: number; description: string; recommendation: string }[];
  position: { symbol: string; quantity: number } | null;
}

const ITEMS = `items { symbol name marketData { symbol price } alerts { id symbol triggerPrice }
  technicalSignals { type strength description recommendation } position { symbol quantity } }`;

describe.each(drivers)('watchlist items (%s)', (driver) => {
  let t: TradingTestApp;
  let owner: { id: string; token: string };
  let other: { id: string; token: string };
  let watchlistId: string;

  beforeAll(async () => {
    t = await createTradingTestApp(driver);
    owner = await createUserWithSession(t.db);
    other = await createUserWithSession(t.db);
    const call = (query: string, variables: Record<string, unknown>, token: string) =>
      graphql<Record<string, { id: string }>>(t.app, query, { token, variables });
    const created = await call(
      'mutation C($s: [String!]) { createWatchlist(name: "Mine", symbols: $s) { id } }',
      { s: ['AAPL', 'MSFT', 'T'] },
      owner.token,
    );
    watchlistId = created.data?.createWatchlist?.id ?? '';
    const alert = 'mutation A($input: CreateAlertInput!) { createAlert(input: $input) { id } }';
    await call(alert, { input: { symbol: 'AAPL', condition: 'above', triggerPrice: 900 } }, owner.token);
    await call(alert, { input: { symbol: 'AAPL', condition: 'below', triggerPrice: 1 } }, owner.token);
    await call(alert, { input: { symbol: 'MSFT', condition: 'above', triggerPrice: 900 } }, other.token);
    await placed(t.app, { symbol: 'T', side: 'BUY', type: 'MARKET', quantity: 3 }, owner.token);
    await placed(t.app, { symbol: 'MSFT', side: 'BUY', type: 'MARKET', quantity: 1 }, other.token);
  }, 60_000);
  afterAll(() => t.close());

  const watchlistsOf = async (token: string) => {
    const answer = await graphql<{ watchlists: { id: string; items: Item[] }[] }>(
      t.app,
      `{ watchlists { id ${ITEMS} } }`,
      { token },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.watchlists ?? [];
  };

  it("carries name, marketData, the user's alerts, the technical signals and the user's position", async () => {
    const [list] = await watchlistsOf(owner.token);
    const bySymbol = new Map(list?.items.map((item) => [item.symbol, item]));
    const aapl = bySymbol.get('AAPL');
    expect(aapl).toMatchObject({ name: 'Apple Inc.', marketData: { symbol: 'AAPL' }, position: null });
    expect(aapl?.alerts.map((alert) => alert.triggerPrice).sort()).toEqual([1, 900]);
    // Another user's alert and position on MSFT are not this user's.
    expect(bySymbol.get('MSFT')).toMatchObject({ alerts: [], position: null });
    expect(bySymbol.get('T')?.position).toEqual({ symbol: 'T', quantity: 3 });
  });

  it('gives the technical-analysis service signals, strongest first, at most 3 by default', async () => {
    const [list] = await watchlistsOf(owner.token);
    for (const item of list?.items ?? []) {
      const analysis = await graphql<{ technicalAnalysis: { signals: Item['technicalSignals'] } }>(
        t.app,
        'query T($s: String!) { technicalAnalysis(symbol: $s) { signals { type strength description recommendation } } }',
        { token: owner.token, variables: { s: item.symbol } },
      );
      const signals = analysis.data?.technicalAnalysis.signals ?? [];
      const strongest = [...signals].sort((a, b) => b.strength - a.strength).slice(0, 3);
      expect(item.technicalSignals).toEqual(strongest);
    }
  });

  it("shows nothing of one user to another: lists, alerts, positions; another user's id is NOT_FOUND", async () => {
    expect(await watchlistsOf(other.token)).toEqual([]);
    const read = await graphql<{ watchlist: unknown }>(
      t.app,
      `
        query W($id: ID!) {
          watchlist(id: $id) {
            id
          }
        }
      `,
      {
        token: other.token,
        variables: { id: watchlistId },
      },
    );
    expect(read.data?.watchlist).toBeNull();
    const write = await graphql(
      t.app,
      `mutation A($w: ID!) { addToWatchlist(watchlistId: $w, symbol: "NVDA") { id ${ITEMS} } }`,
      { token: other.token, variables: { w: watchlistId } },
    );
    expect(write.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it("the dashboard's watchlist items carry the same fields", async () => {
    const answer = await graphql<{ dashboardOverview: { watchlist: Item[] } }>(
      t.app,
      `
        {
          dashboardOverview {
            watchlist {
              symbol
              alerts {
                id
              }
              position {
                quantity
              }
              technicalSignals(limit: 1) {
                type
              }
            }
          }
        }
      `,
      { token: owner.token },
    );
    expect(answer.errors).toBeUndefined();
    const bySymbol = new Map(answer.data?.dashboardOverview.watchlist.map((item) => [item.symbol, item]));
    expect(bySymbol.get('AAPL')?.alerts).toHaveLength(2);
    expect(bySymbol.get('T')?.position).toEqual({ quantity: 3 });
    expect(bySymbol.get('MSFT')?.technicalSignals.length).toBeLessThanOrEqual(1);
  });
});
