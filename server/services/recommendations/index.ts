/**
 * Strategy recommendations (issue 16 point 5, schema/recommendations.graphql): the day's shared out-of-sample
 * records (./records.ts) ranked for one user (src/domain/recommendations/rank.ts) by the current market regime
 * (marketConditions' trend and volatility regime) and the user's risk tolerance (their preferences), and `deploy`,
 * which creates the recommended strategy through the strategies service (createStrategy's rules, limits and
 * errors), paused: a new strategy is inactive until the user activates it.
 */
import type { RiskTolerance } from '../../../src/domain/constants';
import { PAGE_SIZE } from '../../../src/domain/constants';
import {
  rankRecommendations,
  type MarketRegime,
  type MarketTrend,
  type StrategyRecommendation,
  type VolatilityRegime,
} from '../../../src/domain/recommendations';
import { findTemplate, STRATEGY_TEMPLATES } from '../../../src/domain/strategies/templates';
import { badField } from '../errors';
import type { MutationCall } from '../idempotency';
import type { StrategyManager } from '../strategies/manage';
import { MAX_STRATEGY_NAME_LENGTH } from '../strategies/validation';
import { createRecordCache, type RecordSources } from './records';

export { LIQUID_SYMBOLS, mostLiquid } from './records';

/** Most recommendations one answer holds (spec §9). */
export const MAX_RECOMMENDATIONS = PAGE_SIZE.recommendations;

export interface RecommendationDependencies extends RecordSources {
  /** The market's trend and volatility regime now (the dashboard's marketConditions). */
  conditions: () => Promise<{ trend: MarketTrend; volatilityRegime: VolatilityRegime; vixLevel: number }>;
  riskTolerance: (userId: string) => Promise<RiskTolerance>;
  createStrategy: StrategyManager['createStrategy'];
}

export interface DeployInput {
  templateId: string;
  symbols: readonly string[];
  name?: string | null;
}

/** "<template name> · <symbols>", cut to the longest strategy name. */
export function deployedName(templateName: string, symbols: readonly string[]): string {
  const name = `${templateName} · ${symbols.join(', ')}`;
  return name.length <= MAX_STRATEGY_NAME_LENGTH ? name : `${name.slice(0, MAX_STRATEGY_NAME_LENGTH - 1)}…`;
}

export function createRecommendationService(deps: RecommendationDependencies) {
  const records = createRecordCache(deps);

  return {
    async recommendations(userId: string, rawLimit?: number | null): Promise<StrategyRecommendation[]> {
      const limit = rawLimit ?? MAX_RECOMMENDATIONS;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RECOMMENDATIONS) {
        throw badField('limit', `limit: must be a whole number from 1 to ${MAX_RECOMMENDATIONS}`);
      }
      const [set, conditions, riskTolerance] = await Promise.all([
        records(),
        deps.conditions(),
        deps.riskTolerance(userId),
      ]);
      const regime: MarketRegime = {
        trend: conditions.trend,
        volatility: conditions.volatilityRegime,
        vixLevel: conditions.vixLevel,
      };
      return rankRecommendations({
        templates: STRATEGY_TEMPLATES,
        records: set.records,
        regime,
        riskTolerance,
        limit,
        computedAt: set.computedAt,
      });
    },

    /** The template's defaults on `symbols`, daily bars, inactive; bad input names its field, nothing is written. */
    deploy(call: MutationCall, input: DeployInput) {
      const template = findTemplate(input.templateId);
      const symbols = input.symbols.map((symbol) => symbol.trim().toUpperCase());
      if (template && symbols.length === 0) throw badField('symbols', 'symbols: give at least one symbol');
      return deps.createStrategy(call, {
        name: input.name ?? deployedName(template?.name ?? input.templateId, symbols),
        description: template
          ? `Deployed from the strategy recommendations with the template's default parameters. ${template.description}`
          : '',
        templateId: input.templateId,
        symbols,
        interval: '1D',
      });
    },
  };
}

export type RecommendationService = ReturnType<typeof createRecommendationService>;
