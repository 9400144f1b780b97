import { describe, expect, it } from 'vitest';
import { STRATEGY_TEMPLATES } from '../strategies/templates';
import { marketCompatibility, REGIME_FIT } from './regime';

describe('marketCompatibility', () => {
  it('multiplies the trend fit by the volatility fit', () => {
    const ranging = marketCompatibility('meanReversion', { trend: 'neutral', volatility: 'normal', vixLevel: 18 });
    expect(ranging.score).toBe(1);
    const against = marketCompatibility('trend', { trend: 'bearish', volatility: 'high', vixLevel: 31.25 });
    expect(against.score).toBe(0.18);
    expect(against.reason).toBe(
      'The market is bearish with high volatility (31.3 %); trend-following rules need a steady uptrend: ' +
        'trend fit 0.3 × volatility fit 0.6 = 18 % compatibility.',
    );
  });

  it('ranks breakouts above mean reversion in a volatile uptrend, and the reverse in a quiet range', () => {
    const volatileUp = { trend: 'bullish', volatility: 'high', vixLevel: 30 } as const;
    const quietRange = { trend: 'neutral', volatility: 'normal', vixLevel: 16 } as const;
    expect(marketCompatibility('breakout', volatileUp).score).toBeGreaterThan(
      marketCompatibility('meanReversion', volatileUp).score,
    );
    expect(marketCompatibility('meanReversion', quietRange).score).toBeGreaterThan(
      marketCompatibility('breakout', quietRange).score,
    );
  });

  it('has a row, every fit in [0, 1], for each template category', () => {
    for (const template of STRATEGY_TEMPLATES) {
      const fit = REGIME_FIT[template.category];
      for (const value of [...Object.values(fit.trend), ...Object.values(fit.volatility)]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
  });
});
