import {
  MAX_POSITION_WEIGHT,
  recommendations as analysisRecommendations,
  type RecommendationRule,
} from '../../../src/domain/analytics/recommendations';
import type { MarketSnapshot } from './marketSnapshot';
import {
  share,
  type Opportunity,
  type PortfolioRecommendation,
  type PortfolioView,
  type RiskAlert,
  type StockAnalysis,
} from './insights';

/**
 * The Dashboard's per-user insights (riskAlerts, portfolioRecommendations), each a documented rule over the
 * market snapshot and the user's portfolio; the concentration and cash rules are the portfolio analysis' own.
 */

/**
 * A position above the portfolio analysis' MAX_POSITION_WEIGHT (20 %) of the portfolio is concentrated; above
 * CONCENTRATION_CRITICAL (%) critical.
 */
export const CONCENTRATION_WARNING = MAX_POSITION_WEIGHT * 100;
export const CONCENTRATION_CRITICAL = 40;
/** A position down at least this much (%) is in drawdown. */
export const POSITION_DRAWDOWN = 10;
/** A portfolio day loss at least this much (%) raises an alert. */
export const DAY_LOSS_ALERT = 2;
/** vixLevel from here is high volatility (VIX-style reading). */
export const HIGH_VOLATILITY = 25;
/** A declining share (%) of the stocks from here is a broad sell-off. */
export const BROAD_SELLOFF = 70;
function positionShares(portfolio: PortfolioView) {
  return portfolio.positions.map((p) => ({
    ...p,
    share: portfolio.totalValue > 0 ? (100 * p.marketValue) / portfolio.totalValue : 0,
  }));
}

/**
 * Risk alerts: a position above CONCENTRATION_WARNING % of the portfolio (critical above
 * CONCENTRATION_CRITICAL); a position down POSITION_DRAWDOWN % or more; the portfolio down DAY_LOSS_ALERT %
 * or more today; the market's vixLevel at HIGH_VOLATILITY or more; BROAD_SELLOFF % or more of stocks declining.
 */
export function riskAlerts(snapshot: MarketSnapshot, portfolio: PortfolioView | null): RiskAlert[] {
  const alerts: RiskAlert[] = [];
  if (portfolio) {
    for (const p of positionShares(portfolio)) {
      if (p.share > CONCENTRATION_WARNING)
        alerts.push({
          severity: p.share > CONCENTRATION_CRITICAL ? 'critical' : 'warning',
          title: 'Concentrated position',
          message: `${p.symbol} is ${p.share.toFixed(1)}% of your portfolio (over ${CONCENTRATION_WARNING}%)`,
          symbol: p.symbol,
        });
      if (p.unrealizedPnLPercent <= -POSITION_DRAWDOWN)
        alerts.push({
          severity: 'warning',
          title: 'Position drawdown',
          message: `${p.symbol} is ${p.unrealizedPnLPercent.toFixed(1)}% below its average cost`,
          symbol: p.symbol,
        });
    }
    if (portfolio.dayGainLossPercent <= -DAY_LOSS_ALERT)
      alerts.push({
        severity: 'warning',
        title: 'Portfolio down today',
        message: `Your portfolio is ${portfolio.dayGainLossPercent.toFixed(2)}% today`,
        symbol: null,
      });
  }
  if (snapshot.vixLevel >= HIGH_VOLATILITY)
    alerts.push({
      severity: 'warning',
      title: 'High market volatility',
      message: `Realised volatility of the market index is ${snapshot.vixLevel.toFixed(1)}% (from ${HIGH_VOLATILITY}% is high)`,
      symbol: null,
    });
  const { advancing, declining, unchanged } = snapshot.breadth;
  const decliningShare = share(declining, advancing + declining + unchanged);
  if (advancing + declining + unchanged > 0 && decliningShare >= BROAD_SELLOFF)
    alerts.push({
      severity: 'info',
      title: 'Broad sell-off',
      message: `${declining} of ${advancing + declining + unchanged} stocks are down today`,
      symbol: null,
    });
  return alerts;
}

const RULE_TYPES: Partial<Record<RecommendationRule, PortfolioRecommendation['type']>> = {
  POSITION_CONCENTRATION: 'trim',
  SECTOR_CONCENTRATION: 'diversify',
  CASH_DRAG: 'deploy_cash',
};

/**
 * Portfolio recommendations: the portfolio analysis' rules that apply to a snapshot of the portfolio
 * (src/domain/analytics/recommendations.ts: a position above 20 % of equity → trim, a sector above 40 % →
 * diversify, cash above 25 % while holding positions → deploy_cash, naming the top BUY opportunity if any; the
 * correlation and drawdown rules need the history the Analytics page reads); then cut a loss of
 * POSITION_DRAWDOWN % or more whose analysis says SELL or STRONG_SELL; otherwise hold.
 */
export function portfolioRecommendations(
  portfolio: PortfolioView | null,
  stocks: readonly StockAnalysis[],
  opportunities: readonly Opportunity[],
): PortfolioRecommendation[] {
  if (!portfolio) return [];
  const bySymbol = new Map(stocks.map((s) => [s.symbol, s]));
  const equity = portfolio.totalValue;
  const weight = (value: number) => (equity > 0 ? value / equity : 0);
  const sectorValues = new Map<string, number>();
  for (const p of portfolio.positions) {
    const sector = bySymbol.get(p.symbol)?.sector ?? p.symbol;
    sectorValues.set(sector, (sectorValues.get(sector) ?? 0) + p.marketValue);
  }
  const idea = opportunities.find((o) => o.action === 'BUY');
  const out: PortfolioRecommendation[] = analysisRecommendations({
    symbolWeights: portfolio.positions.map((p) => ({ key: p.symbol, weight: weight(p.marketValue) })),
    sectorWeights: [...sectorValues].map(([key, value]) => ({ key, weight: weight(value) })),
    cashWeight: equity > 0 ? portfolio.cash / equity : null,
    hasPositions: portfolio.positions.length > 0,
    correlations: [],
    currentDrawdown: null,
    dailyLossLimit: null,
  }).flatMap((r): PortfolioRecommendation[] => {
    const type = RULE_TYPES[r.rule];
    if (!type) return [];
    if (type === 'deploy_cash')
      return [
        {
          type,
          symbol: idea?.symbol ?? null,
          message: `${r.message}${idea ? `; ${idea.symbol} is oversold (${idea.reason})` : ''}`,
        },
      ];
    return [{ type, symbol: type === 'trim' ? r.subject : null, message: r.message }];
  });
  for (const p of portfolio.positions) {
    const recommendation = bySymbol.get(p.symbol)?.analysis.recommendation;
    if (p.unrealizedPnLPercent <= -POSITION_DRAWDOWN && (recommendation === 'SELL' || recommendation === 'STRONG_SELL'))
      out.push({
        type: 'cut_loss',
        symbol: p.symbol,
        message: `Consider cutting ${p.symbol}: ${p.unrealizedPnLPercent.toFixed(1)}% and the technical analysis says ${recommendation}`,
      });
  }
  if (out.length === 0) out.push({ type: 'hold', symbol: null, message: 'No rule suggests a change: hold' });
  return out;
}
