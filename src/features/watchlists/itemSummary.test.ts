import { describe, expect, it } from 'vitest';
import { alertCountLabel, alertCounts, detailsBySymbol, signalBadge, signalName } from './itemSummary';

const signal = (type: string, strength: number, recommendation: string) => ({
  type,
  strength,
  recommendation,
  description: `${type} description`,
});

describe('watchlist item summary (spec §3 Watchlist items)', () => {
  it('indexes the server items by symbol across lists', () => {
    const details = detailsBySymbol({
      watchlists: [
        {
          id: 'a',
          items: [
            { symbol: 'AAPL', marketData: null, technicalSignals: [], position: { quantity: 3 } },
            { symbol: 'MSFT', marketData: null, technicalSignals: [], position: null },
          ],
        },
        { id: 'b', items: [{ symbol: 'AAPL', marketData: null, technicalSignals: [], position: { quantity: 3 } }] },
      ],
    });
    expect(Object.keys(details)).toEqual(['AAPL', 'MSFT']);
    expect(details.AAPL?.position?.quantity).toBe(3);
    expect(JSON.parse(JSON.stringify(details))).toEqual(details);
  });

  it("badges the strongest signal by its recommendation, with the signal's name and description", () => {
    expect(signalBadge([])).toBeNull();
    expect(signalBadge(undefined)).toBeNull();
    expect(signalBadge([signal('ADX_WEAK_TREND', 0.3, 'HOLD'), signal('RSI_OVERSOLD', 0.8, 'BUY')])).toEqual({
      tone: 'buy',
      label: 'Buy',
      name: 'RSI oversold',
      description: 'RSI_OVERSOLD description',
    });
    expect(signalBadge([signal('DEATH_CROSS', 0.9, 'SELL')])).toMatchObject({ tone: 'sell', label: 'Sell' });
    expect(signalBadge([signal('ADX_WEAK_TREND', 0.4, 'HOLD')])).toMatchObject({ tone: 'hold', label: 'Hold' });
  });

  it('names signal types readably', () => {
    expect(signalName('MACD_BULLISH_CROSS')).toBe('MACD bullish cross');
    expect(signalName('GOLDEN_CROSS')).toBe('Golden cross');
    expect(signalName('MA_BEARISH_CROSS')).toBe('MA bearish cross');
  });

  it('counts the alerts per symbol', () => {
    const counts = alertCounts([{ symbol: 'AAPL' }, { symbol: 'AAPL' }, { symbol: 'TSLA' }]);
    expect(counts.get('AAPL')).toBe(2);
    expect(counts.get('MSFT')).toBeUndefined();
    expect(alertCountLabel(1)).toBe('1 alert');
    expect(alertCountLabel(2)).toBe('2 alerts');
  });
});
