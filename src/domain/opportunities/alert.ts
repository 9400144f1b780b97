import type { ScanType } from '../scanner/scanTypes';
import type { OpportunityRiskLevel, OpportunitySource } from './opportunity';

/**
 * A stored opportunity alert as the server's services and event bus carry it (JSON: dates as ISO strings). The API's
 * timeToExpiry is computed from `expiresAt` when it is read (src/domain/opportunities/opportunity.ts).
 */
export interface OpportunityAlertRecord {
  id: string;
  symbol: string;
  strategyId: string | null;
  source: OpportunitySource;
  scanType: ScanType | null;
  confidence: number;
  potentialReturn: number;
  riskLevel: OpportunityRiskLevel;
  expiresAt: string;
  reasoning: string;
  sampleSize: number;
  createdAt: string;
  isRead: boolean;
}
