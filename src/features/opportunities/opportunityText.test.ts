import { describe, expect, it } from 'vitest';
import {
  opportunityExpiryText,
  opportunityFiguresText,
  opportunitySourceText,
  opportunityToastText,
} from './opportunityText';

const alert = {
  symbol: 'AAPL',
  source: 'SCAN' as const,
  scanType: 'RSI_OVERSOLD' as const,
  confidence: 0.6667,
  potentialReturn: 0.0123,
  sampleSize: 12,
  timeToExpiry: 3700,
  riskLevel: 'low' as const,
};

describe('opportunity texts', () => {
  it('names the source', () => {
    expect(opportunitySourceText(alert)).toBe('Followed scan: RSI oversold');
    expect(opportunitySourceText({ source: 'STRATEGY', scanType: null })).toBe("Your strategy's entry");
  });

  it('states the figures with the sample size', () => {
    expect(opportunityFiguresText(alert)).toBe('Confidence 67% · +1.23% on average · 12 past cases');
    expect(opportunityFiguresText({ ...alert, potentialReturn: -0.005, sampleSize: 1 })).toBe(
      'Confidence 67% · -0.50% on average · 1 past case',
    );
  });

  it('counts down to the expiry', () => {
    expect(opportunityExpiryText(3700)).toBe('Expires in 1h 1m');
    expect(opportunityExpiryText(0)).toBe('Expired');
  });

  it('builds the toast', () => {
    expect(opportunityToastText(alert)).toEqual({
      title: 'Opportunity: AAPL',
      description: 'Followed scan: RSI oversold. Confidence 67% · +1.23% on average · 12 past cases, low risk.',
    });
  });
});
