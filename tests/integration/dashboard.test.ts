import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_TTL_MS } from '../../server/services/dashboard';
import { SimulatedMarket } from '../../server/services/market';
import { UNIVERSE } from '../../src/domain/market/universe';
import { createTestApp, drivers, graphql, type TestApp } from './helpers';

const WEDNESDAY_1100 = Date.parse('2026-11-18T16:00:00Z');

const OVERVIEW = `{ dashboardOverview {
  marketOverview {
    indices { symbol name description value change changePercent }
    breadth { advancing declining unchanged newHighs newLows }
    volume { total averageTotal ratio } }
  aiInsights {
    marketSentiment { overall retail institutional fearGreedIndex vixLevel putCallRatio }
    topOpportunities { symbol name price rsi action reason }
    riskAlerts { severity title message symbol }
    portfolioRecommendations { type symbol message }
    technicalPatterns { symbol pattern description recommendation strength } }
  tradingStatus { marketOpen tradingEnabled paperTrading marketStatus }
  systemHealth { status services { name status } } } }`;

interface Overview {
  marketOverview: {
    indices: { symbol: string; name: string; value: number; change: number; changePercent: number }[];
    breadth: { advancing: number; declining: number; unchanged: number; newHighs: number; newLows: number };
    volume: { total: number; averageTotal: number; ratio: number };
  };
  aiInsights: {
    marketSentiment: {
      overall: string;
      retail: number;
      fearGreedIndex: number;
      vixLevel: number;
      putCallRatio: number;
    };
    topOpportunities: { symbol: string; rsi: number; action: string }[];
    riskAlerts: { severity: string; title: string }[];
    portfolioRecommendations: { type: string }[];
    technicalPatterns: { symbol: string; pattern: string; recommendation: string }[];
  };
  tradingStatus: { marketOpen: boolean; tradingEnabled: boolean; paperTrading: boolean; marketStatus: string };
  systemHealth: { status: string; services: { name: string }[] };
}

const stocks = UNIVERSE.filter((i) => i.type === 'stock');
const SCAN_PATTERNS = ['MACD_BULLISH_CROSS', 'MACD_BEARISH_CROSS', 'GOLDEN_CROSS', 'DEATH_CROSS', 'BREAKOUT'];

describe.each(drivers)('dashboardOverview and marketConditions (%s)', (driver) => {
  let testApp: TestApp;
  let market: SimulatedMarket;
  let clock = WEDNESDAY_1100;
  beforeAll(async () => {
    market = new SimulatedMarket({ seed: 'dashboard-test', now: clock });
    testApp = await createTestApp(driver, { market, now: () => new Date(clock) });
    for (let i = 0; i < 120; i++) market.tick((clock += 30_000)); // an hour of trading: prices move off the close
  });
  afterAll(() => testApp.close());

  const overview = async () => {
    const { data, errors } = await graphql<{ dashboardOverview: Overview }>(testApp.app, OVERVIEW);
    expect(errors).toBeUndefined();
    return data!.dashboardOverview;
  };

  it('computes the indices, breadth and volume from the universe quotes and daily candles', async () => {
    const { marketOverview, aiInsights } = await overview();
    // The first overview does not wait for the scanner to load its universe: the analyses' patterns alone.
    expect(aiInsights.technicalPatterns.filter((p) => SCAN_PATTERNS.includes(p.pattern))).toEqual([]);
    const quotes = stocks.map((i) => ({ instrument: i, quote: market.getQuote(i.symbol)! }));

    const cap = (price: (q: (typeof quotes)[number]) => number, list = quotes) =>
      (1000 * list.reduce((sum, q) => sum + price(q) * q.instrument.sharesOutstanding, 0)) /
      list.reduce((sum, q) => sum + q.instrument.referencePrice * q.instrument.sharesOutstanding, 0);
    const [capIndex, equalIndex, techIndex] = marketOverview.indices;
    expect(capIndex).toMatchObject({ symbol: 'AI50', name: `AI-${stocks.length} Cap-Weighted Index` });
    expect(capIndex!.value).toBeCloseTo(
      cap((q) => q.quote.price),
      2,
    );
    expect(capIndex!.change).toBeCloseTo(cap((q) => q.quote.price) - cap((q) => q.quote.previousClose), 2);
    const equal = (1000 * quotes.reduce((s, q) => s + q.quote.price / q.instrument.referencePrice, 0)) / quotes.length;
    expect(equalIndex!.value).toBeCloseTo(equal, 2);
    const tech = quotes.filter((q) => q.instrument.sector === 'Information Technology');
    expect(techIndex!.value).toBeCloseTo(
      cap((q) => q.quote.price, tech),
      2,
    );

    const { breadth } = marketOverview;
    expect(breadth.advancing).toBe(quotes.filter((q) => q.quote.change > 0).length);
    expect(breadth.declining).toBe(quotes.filter((q) => q.quote.change < 0).length);
    expect(breadth.advancing + breadth.declining + breadth.unchanged).toBe(stocks.length);
    const newHighs = quotes.filter((q) => {
      const prior = market.getCandles(q.instrument.symbol, '1D', 252).slice(0, -1);
      return q.quote.high >= Math.max(...prior.map((c) => c.high));
    }).length;
    expect(breadth.newHighs).toBe(newHighs);

    expect(marketOverview.volume.total).toBe(quotes.reduce((s, q) => s + q.quote.volume, 0));
    expect(marketOverview.volume.total).toBeGreaterThan(0);
    expect(marketOverview.volume.averageTotal).toBe(quotes.reduce((s, q) => s + q.quote.avgVolume, 0));
  });

  it('derives insights by the documented rules from the same data technicalAnalysis shows', async () => {
    // Once the scanner has loaded, the next snapshot has its hits too.
    expect((await graphql(testApp.app, '{ marketScanner(scanType: BREAKOUT, limit: 1) { symbol } }')).errors).toBe(
      undefined,
    );
    clock += SNAPSHOT_TTL_MS;
    const { aiInsights, marketOverview } = await overview();
    expect(aiInsights.technicalPatterns.some((p) => SCAN_PATTERNS.includes(p.pattern))).toBe(true);
    const { advancing, declining } = marketOverview.breadth;
    expect(aiInsights.marketSentiment.retail).toBeCloseTo((100 * advancing) / (advancing + declining), 1);
    expect(aiInsights.marketSentiment.fearGreedIndex).toBeGreaterThanOrEqual(0);
    expect(aiInsights.marketSentiment.fearGreedIndex).toBeLessThanOrEqual(100);
    expect(aiInsights.marketSentiment.vixLevel).toBeGreaterThan(0);
    const { overall, fearGreedIndex } = aiInsights.marketSentiment;
    expect(overall).toBe(fearGreedIndex >= 60 ? 'bullish' : fearGreedIndex <= 40 ? 'bearish' : 'neutral');

    // The seeded market has both kinds of insight at this moment, so the rules below are exercised.
    expect(aiInsights.topOpportunities.length).toBeGreaterThan(0);
    expect(aiInsights.technicalPatterns.length).toBeGreaterThan(0);
    for (const opportunity of aiInsights.topOpportunities) {
      const { data } = await graphql<{ technicalAnalysis: { indicators: { rsi: number } } }>(
        testApp.app,
        `{ technicalAnalysis(symbol: "${opportunity.symbol}") { indicators { rsi } } }`,
      );
      const rsi = data!.technicalAnalysis.indicators.rsi;
      expect(opportunity.rsi).toBeCloseTo(rsi, 2);
      expect(opportunity.action).toBe(rsi <= 30 ? 'BUY' : 'SELL');
      expect(rsi <= 30 || rsi >= 70).toBe(true);
    }
    for (const pattern of aiInsights.technicalPatterns) {
      if (SCAN_PATTERNS.includes(pattern.pattern)) {
        // the scanner's cross and breakout hits: the same scan finds the symbol
        const { data } = await graphql<{ marketScanner: { symbol: string }[] }>(
          testApp.app,
          `{ marketScanner(scanType: ${pattern.pattern}) { symbol } }`,
        );
        expect(data!.marketScanner.map((hit) => hit.symbol)).toContain(pattern.symbol);
        continue;
      }
      const { data } = await graphql<{ technicalAnalysis: { signals: { type: string }[] } }>(
        testApp.app,
        `{ technicalAnalysis(symbol: "${pattern.symbol}") { signals { type } } }`,
      );
      expect(data!.technicalAnalysis.signals.map((s) => s.type)).toContain(pattern.pattern);
    }
  });

  it('shows the paper portfolio and recent activity, with a summary replayed from the trades', async () => {
    const place = (side: string, quantity: number) =>
      graphql<{ placeOrder: { id: string; status: string } }>(
        testApp.app,
        'mutation P($input: PlaceOrderInput!) { placeOrder(input: $input) { id status } }',
        { variables: { input: { symbol: 'KO', side, type: 'MARKET', quantity } } },
      );
    const buyAsk = market.getQuote('KO')!.ask;
    const buy = await place('BUY', 10);
    expect(buy.data?.placeOrder.status).toBe('FILLED');
    for (let i = 0; i < 30; i++) market.tick((clock += 60_000));
    const sellBid = market.getQuote('KO')!.bid;
    const sell = await place('SELL', 4);
    expect(sell.data?.placeOrder.status).toBe('FILLED');

    const { data, errors } = await graphql<{
      dashboardOverview: {
        portfolio: { cash: number; positions: { symbol: string; quantity: number }[] };
        recentActivity: {
          recentTrades: { symbol: string; side: string; quantity: number; price: number }[];
          recentOrders: { id: string; status: string }[];
          summary: { totalTrades: number; totalVolume: number; winRate: number; dailyPnL: number };
        };
        aiInsights: { portfolioRecommendations: { type: string }[] };
      };
      portfolio: { dayGainLoss: number; cash: number };
    }>(
      testApp.app,
      `
        {
          dashboardOverview {
            aiInsights {
              portfolioRecommendations {
                type
                symbol
              }
            }
            portfolio {
              cash
              positions {
                symbol
                quantity
              }
            }
            recentActivity {
              recentTrades {
                symbol
                side
                quantity
                price
              }
              recentOrders {
                id
                status
              }
              summary {
                totalTrades
                totalVolume
                winRate
                dailyPnL
              }
            }
          }
          portfolio {
            dayGainLoss
            cash
          }
        }
      `,
    );
    expect(errors).toBeUndefined();
    const { portfolio, recentActivity } = data!.dashboardOverview;
    expect(portfolio.positions).toEqual([{ symbol: 'KO', quantity: 6 }]);
    expect(portfolio.cash).toBe(data!.portfolio.cash);
    expect(recentActivity.recentTrades).toEqual([
      { symbol: 'KO', side: 'SELL', quantity: 4, price: sellBid },
      { symbol: 'KO', side: 'BUY', quantity: 10, price: buyAsk },
    ]);
    expect(recentActivity.recentOrders.map((o) => o.id)).toEqual([sell.data!.placeOrder.id, buy.data!.placeOrder.id]);
    expect(recentActivity.summary).toEqual({
      totalTrades: 2,
      totalVolume: Math.round((10 * buyAsk + 4 * sellBid) * 100) / 100,
      winRate: sellBid > buyAsk ? 100 : 0,
      dailyPnL: data!.portfolio.dayGainLoss,
    });
    // Nearly all of the $100,000 is still cash: the idle-cash rule fires.
    expect(data!.dashboardOverview.aiInsights.portfolioRecommendations.map((r) => r.type)).toContain('deploy_cash');
  });

  it("lists the symbols of the user's watchlists with their live quotes", async () => {
    const create = (name: string, symbols: string[]) =>
      graphql(testApp.app, 'mutation W($n: String!, $s: [String!]) { createWatchlist(name: $n, symbols: $s) { id } }', {
        variables: { n: name, s: symbols },
      });
    expect((await create('Tech', ['NVDA', 'AAPL'])).errors).toBeUndefined();
    expect((await create('Income', ['KO', 'AAPL'])).errors).toBeUndefined();
    const { data, errors } = await graphql<{
      dashboardOverview: { watchlist: { symbol: string; name: string; marketData: { price: number } }[] };
    }>(testApp.app, '{ dashboardOverview { watchlist { symbol name marketData { price } } } }');
    expect(errors).toBeUndefined();
    // In the order the watchlists query lists them, each symbol once.
    const lists = await graphql<{ watchlists: { symbols: string[] }[] }>(testApp.app, '{ watchlists { symbols } }');
    const expected = [...new Set(lists.data!.watchlists.flatMap((list) => list.symbols))];
    expect([...expected].sort()).toEqual(['AAPL', 'KO', 'NVDA']);
    expect(data!.dashboardOverview.watchlist).toEqual(
      expected.map((symbol) => ({
        symbol,
        name: UNIVERSE.find((i) => i.symbol === symbol)!.name,
        marketData: { price: market.getQuote(symbol)!.price },
      })),
    );
  });

  it('shows trading status and system health', async () => {
    const { tradingStatus, systemHealth } = await overview();
    expect(tradingStatus).toEqual({ marketOpen: true, tradingEnabled: true, paperTrading: true, marketStatus: 'OPEN' });
    expect(systemHealth.services.map((s) => s.name)).toContain(`database (${driver})`);
  });

  it('answers marketConditions consistent with the overview', async () => {
    const { marketOverview } = await overview();
    const { data, errors } = await graphql<{
      marketConditions: {
        trend: string;
        volatilityRegime: string;
        vixLevel: number;
        breadth: Overview['marketOverview']['breadth'];
        sectors: { sector: string; symbols: number; changePercent: number }[];
        indices: { symbol: string }[];
        summary: string;
      };
    }>(
      testApp.app,
      `
        {
          marketConditions {
            timestamp
            trend
            volatilityRegime
            vixLevel
            advanceDeclineRatio
            averageChangePercent
            summary
            breadth {
              advancing
              declining
              unchanged
              newHighs
              newLows
            }
            sectors {
              sector
              changePercent
              advancing
              declining
              symbols
            }
            indices {
              symbol
              value
            }
            volume {
              total
            }
          }
        }
      `,
    );
    expect(errors).toBeUndefined();
    const conditions = data!.marketConditions;
    expect(conditions.breadth).toEqual(marketOverview.breadth);
    expect(['bullish', 'bearish', 'neutral']).toContain(conditions.trend);
    expect(conditions.volatilityRegime).toBe(
      conditions.vixLevel < 15 ? 'low' : conditions.vixLevel < 25 ? 'normal' : 'high',
    );
    expect(conditions.sectors.reduce((n, s) => n + s.symbols, 0)).toBe(stocks.length);
    expect(new Set(conditions.sectors.map((s) => s.sector)).size).toBeGreaterThanOrEqual(10);
    expect(conditions.summary).toMatch(/advancing/);
  });
});
