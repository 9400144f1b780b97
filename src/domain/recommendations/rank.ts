/**
 * Strategy recommendations (spec §3 Strategy recommendation, §7 strategyRecommendations; issue 16 point 5; pure):
 * the templates ranked by their recent out-of-sample records (`./outOfSample.ts`) on the most liquid symbols, the
 * current market regime (`./regime.ts`) and the user's risk tolerance (`./risk.ts`).
 *
 * Rules:
 * - One recommendation per template at most. Its candidate symbols are its records with at least MIN_TRADES trades,
 *   an annual return above 0 and risk within the tolerance's limits; the best MAX_SYMBOLS by Sharpe ratio (then
 *   return, then symbol) are its recommendedSymbols. A template without a candidate is not recommended.
 * - Over those symbols: expectedReturn is the mean out-of-sample CAGR (the capital is split equally among them);
 *   the drawdown is the worst of them, the volatility and Sharpe ratio their means (a null Sharpe counts as 0);
 *   windows, positive windows and trades are summed (the `basis`).
 * - confidence = 0.6 × positive windows / windows + 0.4 × min(1, trades / FULL_SAMPLE_TRADES), in [0, 1]: how
 *   consistent the record is and how many trades it rests on.
 * - marketCompatibility: `marketCompatibility` of the template's category in the regime; riskScore: `riskScore`.
 * - Order: score = marketCompatibility × confidence × max(0, Sharpe), highest first (then template id);
 *   deploymentPriority is the 1-based position; at most `limit` are returned.
 * - reasoning states the numbers behind each field with the sample size (symbols, windows, trades); these are past
 *   results, no promise.
 */
import type { RiskTolerance } from '../constants';
import type { StrategyTemplate } from '../strategies/templates';
import type { OutOfSampleRecord } from './outOfSample';
import { defaultParams, WINDOW_BARS } from './outOfSample';
import { marketCompatibility, type MarketRegime } from './regime';
import { RISK_LIMITS, riskScore, withinLimits } from './risk';

export const MIN_TRADES = 2;
export const MAX_SYMBOLS = 3;
export const FULL_SAMPLE_TRADES = 30;

export interface RecommendationBasis {
  /** Symbols backtested for this template (the liquid universe). */
  symbolsTested: number;
  windows: number;
  positiveWindows: number;
  trades: number;
  /** Bars of each out-of-sample window. */
  windowBars: number;
  maxDrawdown: number;
  volatility: number;
  sharpeRatio: number;
  winRate: number;
  /** Epoch ms of the first and last scored bar. */
  from: number;
  to: number;
}

export interface StrategyRecommendation {
  /** Stable id of the recommendation: template and symbols. */
  strategyId: string;
  templateId: string;
  strategy: StrategyTemplate;
  parameters: Record<string, number>;
  confidence: number;
  reasoning: string;
  marketCompatibility: number;
  riskScore: number;
  expectedReturn: number;
  recommendedSymbols: string[];
  deploymentPriority: number;
  /** Epoch ms the records were computed. */
  timestamp: number;
  basis: RecommendationBasis;
}

export interface RankInput {
  templates: readonly StrategyTemplate[];
  records: readonly OutOfSampleRecord[];
  regime: MarketRegime;
  riskTolerance: RiskTolerance;
  limit: number;
  /** Epoch ms the records were computed. */
  computedAt: number;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;

function bySharpe(a: OutOfSampleRecord, b: OutOfSampleRecord): number {
  return (
    (b.sharpeRatio ?? 0) - (a.sharpeRatio ?? 0) || b.annualReturn - a.annualReturn || a.symbol.localeCompare(b.symbol)
  );
}

function basisOf(chosen: readonly OutOfSampleRecord[], tested: number): RecommendationBasis {
  const sum = (pick: (r: OutOfSampleRecord) => number) => chosen.reduce((total, r) => total + pick(r), 0);
  return {
    symbolsTested: tested,
    windows: sum((r) => r.windows),
    positiveWindows: sum((r) => r.positiveWindows),
    trades: sum((r) => r.trades),
    windowBars: WINDOW_BARS,
    maxDrawdown: Math.min(...chosen.map((r) => r.maxDrawdown)),
    volatility: mean(chosen.map((r) => r.volatility)),
    sharpeRatio: mean(chosen.map((r) => r.sharpeRatio ?? 0)),
    winRate: mean(chosen.map((r) => r.winRate)),
    from: Math.min(...chosen.map((r) => r.from)),
    to: Math.max(...chosen.map((r) => r.to)),
  };
}

function reasoningOf(
  template: StrategyTemplate,
  symbols: readonly string[],
  basis: RecommendationBasis,
  expectedReturn: number,
  confidence: number,
  compatibilityReason: string,
  tolerance: RiskTolerance,
): string {
  const limits = RISK_LIMITS[tolerance];
  return [
    `${template.name} with its default parameters on ${symbols.join(', ')}, the best of ${basis.symbolsTested} ` +
      `liquid symbols backtested: out of sample over ${basis.windows} windows of ${basis.windowBars} daily bars ` +
      `(${basis.trades} trades) it returned ${percent(expectedReturn)} a year on average, ` +
      `${basis.positiveWindows} of ${basis.windows} windows positive, ${percent(basis.winRate)} of trades won, ` +
      `Sharpe ${basis.sharpeRatio.toFixed(2)}.`,
    `Worst drawdown ${percent(basis.maxDrawdown)} and volatility ${percent(basis.volatility)}, within the ` +
      `limits of the ${tolerance} risk tolerance (drawdown up to ${percent(limits.maxDrawdown)}, volatility up to ` +
      `${percent(limits.maxVolatility)}).`,
    compatibilityReason,
    `Confidence ${Math.round(confidence * 100)} % from the share of positive windows and the ${basis.trades} ` +
      `trades behind it. Past results, no promise.`,
  ].join(' ');
}

export function rankRecommendations(input: RankInput): StrategyRecommendation[] {
  const limits = RISK_LIMITS[input.riskTolerance];
  const scored = input.templates.flatMap((template) => {
    const records = input.records.filter((r) => r.templateId === template.id);
    const chosen = records
      .filter((r) => r.trades >= MIN_TRADES && r.annualReturn > 0 && withinLimits(r, limits))
      .sort(bySharpe)
      .slice(0, MAX_SYMBOLS);
    if (chosen.length === 0) return [];
    const basis = basisOf(chosen, records.length);
    const symbols = chosen.map((r) => r.symbol);
    const expectedReturn = mean(chosen.map((r) => r.annualReturn));
    const confidence = round(
      0.6 * (basis.positiveWindows / basis.windows) + 0.4 * Math.min(1, basis.trades / FULL_SAMPLE_TRADES),
      2,
    );
    const compatibility = marketCompatibility(template.category, input.regime);
    const recommendation: StrategyRecommendation = {
      strategyId: `${template.id}:${symbols.join('+')}`,
      templateId: template.id,
      strategy: template,
      parameters: defaultParams(template),
      confidence,
      reasoning: reasoningOf(
        template,
        symbols,
        basis,
        expectedReturn,
        confidence,
        compatibility.reason,
        input.riskTolerance,
      ),
      marketCompatibility: compatibility.score,
      riskScore: riskScore(basis.maxDrawdown, basis.volatility),
      expectedReturn: round(expectedReturn, 4),
      recommendedSymbols: symbols,
      deploymentPriority: 0,
      timestamp: input.computedAt,
      basis,
    };
    return [{ recommendation, score: compatibility.score * confidence * Math.max(0, basis.sharpeRatio) }];
  });
  return scored
    .sort((a, b) => b.score - a.score || a.recommendation.templateId.localeCompare(b.recommendation.templateId))
    .slice(0, input.limit)
    .map(({ recommendation }, i) => ({ ...recommendation, deploymentPriority: i + 1 }));
}
