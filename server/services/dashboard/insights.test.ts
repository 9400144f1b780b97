import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/domain/indicators';
import {
  technicalPatterns,
  marketSentiment,
  userTopOpportunities,
  type Opportunity,
  type PortfolioView,
  type StockAnalysis,
} from './insights';
import { portfolioRecommendations, riskAlerts } from './portfolioInsights';
import type { MarketSnapshot } from './marketSnapshot';

const snapshot = (overrides: Partial<MarketSnapshot> = {}): MarketSnapshot => ({
  indices: [],
  breadth: { advancing: 30, declining: 10, unchanged: 0, newHighs: 3, newLows: 1 },
  volume: { total: 0, averageTotal: 0, ratio: 0 },
  sectors: [],
  upVolume: 300,
  downVolume: 100,
  upDollarVolume: 600,
  downDollarVolume: 400,
  vixLevel: 15,
  trend: 'neutral',
  averageChangePercent: 0,
  ...overrides,
});

const stock = (symbol: string, sector: string): StockAnalysis => ({
  symbol,
  name: symbol,
  sector,
  price: 100,
  analysis: analyze([], 0),
});

describe('marketSentiment', () => {
  it('averages breadth, dollar-volume breadth, new-highs share and calm into the fear & greed index', () => {
    const sentiment = marketSentiment(snapshot());
    // retail 75, institutional 60, highs 75, calm 100 - 30 = 70 → 70
    expect(sentiment).toEqual({
      overall: 'bullish',
      retail: 75,
      institutional: 60,
      fearGreedIndex: 70,
      vixLevel: 15,
      putCallRatio: Math.round((101 / 301) * 100) / 100,
    });
    const fearful = marketSentiment(
      snapshot({ breadth: { advancing: 5, declining: 35, unchanged: 0, newHighs: 0, newLows: 6 }, vixLevel: 40 }),
    );
    expect(fearful.overall).toBe('bearish');
  });

  it('folds the recent news tone in as a fifth part: 50 × (1 + mean sentiment)', () => {
    // (75 + 60 + 75 + 70 + 50 × (1 − 0.6) = 20) / 5 = 60
    expect(marketSentiment(snapshot(), { meanSentiment: -0.6, count: 12 }).fearGreedIndex).toBe(60);
    // no stories: the four market parts alone
    expect(marketSentiment(snapshot(), { meanSentiment: 0, count: 0 }).fearGreedIndex).toBe(70);
  });
});

describe('portfolio rules', () => {
  const portfolio: PortfolioView = {
    totalValue: 100_000,
    cash: 55_000,
    dayGainLossPercent: -2.5,
    positions: [
      { symbol: 'AAPL', marketValue: 30_000, unrealizedPnLPercent: 4 },
      { symbol: 'MSFT', marketValue: 15_000, unrealizedPnLPercent: -12 },
    ],
  };
  const stocks = [stock('AAPL', 'Information Technology'), stock('MSFT', 'Information Technology')];

  it('raises concentration, drawdown and day-loss alerts', () => {
    const alerts = riskAlerts(snapshot(), portfolio);
    expect(alerts.map((a) => [a.title, a.symbol])).toEqual([
      ['Concentrated position', 'AAPL'],
      ['Position drawdown', 'MSFT'],
      ['Portfolio down today', null],
    ]);
    expect(riskAlerts(snapshot({ vixLevel: 30 }), null).map((a) => a.title)).toEqual(['High market volatility']);
  });

  it("recommends by the portfolio analysis' rules (trim, diversify, deploy idle cash); hold when none fires", () => {
    expect(portfolioRecommendations(portfolio, stocks, []).map((r) => [r.type, r.symbol, r.message])).toEqual([
      ['trim', 'AAPL', 'AAPL is 30.0 % of equity, above 20.0 %: consider trimming it'],
      ['diversify', null, 'Information Technology is 45.0 % of equity, above 40.0 %: diversify across sectors'],
      ['deploy_cash', null, 'Cash is 55.0 % of equity, above 25.0 %: idle cash earns nothing'],
    ]);
    const calm: PortfolioView = { totalValue: 100, cash: 10, dayGainLossPercent: 0, positions: [] };
    expect(portfolioRecommendations(calm, stocks, []).map((r) => r.type)).toEqual(['hold']);
    expect(portfolioRecommendations(null, stocks, [])).toEqual([]);
  });
});

describe('technicalPatterns', () => {
  const hit = (symbol: string, score: number) => ({
    symbol,
    name: symbol,
    price: 10,
    change: 0,
    changePercent: 0,
    volume: 0,
    score,
    criterion: `${symbol} matched`,
    indicators: [],
  });
  it("reports the scanner's cross and breakout hits, each scan's strongest at strength 1, strongest first", () => {
    const patterns = technicalPatterns(
      [],
      [
        { scanType: 'BREAKOUT', hits: [hit('AAA', 4), hit('BBB', 1)] },
        { scanType: 'DEATH_CROSS', hits: [hit('CCC', 0.5)] },
      ],
    );
    expect(patterns).toEqual([
      { symbol: 'AAA', pattern: 'BREAKOUT', description: 'AAA matched', recommendation: 'BUY', strength: 1 },
      { symbol: 'CCC', pattern: 'DEATH_CROSS', description: 'CCC matched', recommendation: 'SELL', strength: 1 },
      { symbol: 'BBB', pattern: 'BREAKOUT', description: 'BBB matched', recommendation: 'BUY', strength: 0.25 },
    ]);
  });
});

describe('userTopOpportunities', () => {
  const withRsi = (symbol: string, rsi: number | null): StockAnalysis => {
    const base = stock(symbol, 'Technology');
    return { ...base, analysis: { ...base.analysis, indicators: { ...base.analysis.indicators, rsi } } };
  };
  const rsiSetup = (symbol: string): Opportunity => ({
    symbol,
    name: symbol,
    price: 100,
    rsi: 25,
    action: 'BUY',
    reason: 'RSI 25 (oversold)',
  });

  it("leads with the user's alerts on analysed stocks, newest first, then the market-wide list on other symbols", () => {
    const stocks = [withRsi('AAPL', 41.234), withRsi('MSFT', 55), withRsi('KO', null)];
    const alerts = [
      { id: 'a1', symbol: 'MSFT', reasoning: 'newest' },
      { id: 'a2', symbol: 'KO', reasoning: 'no RSI yet: left to the alerts card' },
      { id: 'a3', symbol: 'SPY', reasoning: 'not an analysed stock' },
      { id: 'a4', symbol: 'AAPL', reasoning: 'older' },
      { id: 'a5', symbol: 'MSFT', reasoning: 'an older alert on the same symbol' },
    ];
    const result = userTopOpportunities(alerts, stocks, [rsiSetup('AAPL'), rsiSetup('INTC')]);
    expect(result).toEqual([
      { symbol: 'MSFT', name: 'MSFT', price: 100, rsi: 55, action: 'BUY', reason: 'newest', alertId: 'a1' },
      { symbol: 'AAPL', name: 'AAPL', price: 100, rsi: 41.23, action: 'BUY', reason: 'older', alertId: 'a4' },
      rsiSetup('INTC'),
    ]);
  });

  it('is the market-wide list when the user has no unread alert', () => {
    expect(userTopOpportunities([], [withRsi('AAPL', 40)], [rsiSetup('INTC')])).toEqual([rsiSetup('INTC')]);
  });
});
