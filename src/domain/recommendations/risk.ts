/**
 * What each risk tolerance accepts of an out-of-sample record, and the risk score shown with a recommendation
 * (issue 16 point 5; pure).
 *
 * Rules:
 * - A record is accepted when its worst out-of-sample drawdown and its annualised volatility are both within the
 *   tolerance's limits: conservative 10 % and 15 %, moderate 20 % and 25 %, aggressive 35 % and 45 %.
 * - riskScore in [0, 100]: 50 × min(1, |maxDrawdown| / 40 %) + 50 × min(1, volatility / 40 %), rounded (0: no
 *   drawdown and no volatility; 100: both at 40 % or more).
 */
import type { RiskTolerance } from '../constants';

export interface RiskLimits {
  /** Deepest drawdown accepted, as a positive fraction. */
  maxDrawdown: number;
  /** Highest annualised volatility accepted. */
  maxVolatility: number;
}

export const RISK_LIMITS: Readonly<Record<RiskTolerance, RiskLimits>> = {
  conservative: { maxDrawdown: 0.1, maxVolatility: 0.15 },
  moderate: { maxDrawdown: 0.2, maxVolatility: 0.25 },
  aggressive: { maxDrawdown: 0.35, maxVolatility: 0.45 },
};

const SCALE = 0.4;

export function withinLimits(record: { maxDrawdown: number; volatility: number }, limits: RiskLimits): boolean {
  return Math.abs(record.maxDrawdown) <= limits.maxDrawdown && record.volatility <= limits.maxVolatility;
}

export function riskScore(maxDrawdown: number, volatility: number): number {
  return Math.round(50 * Math.min(1, Math.abs(maxDrawdown) / SCALE) + 50 * Math.min(1, volatility / SCALE));
}
