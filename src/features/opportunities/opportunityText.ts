import { SCAN_LABELS, type ScanType } from '../../domain/scanner/scanTypes';
import type { OpportunityAlertFieldsFragment } from '../../graphql/generated/graphql';
import { formatDuration, formatRatioPercent } from '../../lib/format';

type Alert = Pick<
  OpportunityAlertFieldsFragment,
  'symbol' | 'source' | 'scanType' | 'confidence' | 'potentialReturn' | 'sampleSize' | 'timeToExpiry' | 'riskLevel'
>;

/** What found the alert: "Your strategy's entry" or the followed scan's label. */
export function opportunitySourceText(alert: Pick<Alert, 'source' | 'scanType'>): string {
  return alert.source === 'STRATEGY' || !alert.scanType
    ? "Your strategy's entry"
    : `Followed scan: ${SCAN_LABELS[alert.scanType as ScanType] ?? alert.scanType}`;
}

/** "Confidence 67% · +1.23% on average · 12 past cases". */
export function opportunityFiguresText(alert: Pick<Alert, 'confidence' | 'potentialReturn' | 'sampleSize'>): string {
  const sign = alert.potentialReturn > 0 ? '+' : '';
  const cases = alert.sampleSize === 1 ? '1 past case' : `${alert.sampleSize} past cases`;
  return `Confidence ${formatRatioPercent(alert.confidence, 0)} · ${sign}${formatRatioPercent(alert.potentialReturn)} on average · ${cases}`;
}

/** "Expires in 4h 5m" or "Expired". */
export function opportunityExpiryText(timeToExpiry: number): string {
  return timeToExpiry > 0 ? `Expires in ${formatDuration(timeToExpiry)}` : 'Expired';
}

/** The toast of a new alert. */
export function opportunityToastText(alert: Alert): { title: string; description: string } {
  return {
    title: `Opportunity: ${alert.symbol}`,
    description: `${opportunitySourceText(alert)}. ${opportunityFiguresText(alert)}, ${alert.riskLevel} risk.`,
  };
}
