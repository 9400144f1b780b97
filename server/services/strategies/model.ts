import type { BacktestMetrics } from '../../../src/domain/backtest/metrics';
import type { StrategyDefinition } from '../../../src/domain/strategies';
import type { strategies } from '../../db/schema';

export type StrategyRow = typeof strategies.$inferSelect;
export type RiskLevel = 'low' | 'medium' | 'high';
export type TimeHorizon = 'short' | 'medium' | 'long';

/** The metrics the API shows (spec §3 performance), fractions; ratios null when undefined. */
export interface StrategyMetricsModel {
  totalReturn: number;
  annualReturn: number;
  sharpeRatio: number | null;
  sortinoRatio: number | null;
  calmarRatio: number | null;
  maxDrawdown: number;
  volatility: number;
  winRate: number;
  totalTrades: number;
  profitFactor: number | null;
  averageReturn: number;
  exposure: number;
}

/** A stored strategy as the API returns it (JSON: it is also the stored result of an idempotent write). */
export interface StrategyModel {
  id: string;
  name: string;
  description: string;
  code: string | null;
  category: string;
  templateId: string | null;
  parameters: Record<string, number> | null;
  symbols: string[];
  interval: string | null;
  performance: { metrics: StrategyMetricsModel; from: string; to: string; lastUpdated: string } | null;
  version: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  riskLevel: RiskLevel;
  expectedReturn: number | null;
  successRate: number | null;
  marketConditions: string[];
  assetClasses: string[];
  timeHorizon: TimeHorizon;
}

export function toMetricsModel(metrics: BacktestMetrics): StrategyMetricsModel {
  return {
    totalReturn: metrics.totalReturn,
    annualReturn: metrics.cagr,
    sharpeRatio: metrics.sharpeRatio,
    sortinoRatio: metrics.sortinoRatio,
    calmarRatio: metrics.calmarRatio,
    maxDrawdown: metrics.maxDrawdown,
    volatility: metrics.volatility,
    winRate: metrics.winRate,
    totalTrades: metrics.totalTrades,
    profitFactor: metrics.profitFactor,
    averageReturn: metrics.averageReturn,
    exposure: metrics.exposure,
  };
}

/** The stored definition (canonical JSON written by this service), or null. */
export function storedDefinition(row: StrategyRow): StrategyDefinition | null {
  return row.code ? (JSON.parse(row.code) as StrategyDefinition) : null;
}

export function toModel(row: StrategyRow): StrategyModel {
  const definition = storedDefinition(row);
  const metrics = row.backtestMetrics;
  const performance =
    metrics && row.backtestFrom && row.backtestTo && row.backtestedAt
      ? {
          metrics: toMetricsModel(metrics),
          from: row.backtestFrom.toISOString(),
          to: row.backtestTo.toISOString(),
          lastUpdated: row.backtestedAt.toISOString(),
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    code: row.code,
    category: row.category,
    templateId: row.templateId,
    parameters: row.parameters,
    symbols: definition?.symbols ?? [],
    interval: definition?.interval ?? null,
    performance,
    version: row.version,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tags: row.tags,
    riskLevel: row.riskLevel as RiskLevel,
    expectedReturn: performance ? performance.metrics.annualReturn : null,
    successRate: performance && performance.metrics.totalTrades > 0 ? performance.metrics.winRate : null,
    marketConditions: row.marketConditions,
    assetClasses: row.assetClasses,
    timeHorizon: row.timeHorizon as TimeHorizon,
  };
}
