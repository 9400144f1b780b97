import { describe, expect, it } from 'vitest';
import { BROKER_CATALOGUE, catalogueEntry } from './catalogue';

describe('the broker catalogue', () => {
  it('has the spec’s four kinds: one multi-asset broker without OAuth that asks for an account ID', () => {
    expect(BROKER_CATALOGUE).toHaveLength(4);
    expect(new Set(BROKER_CATALOGUE.map((entry) => entry.id)).size).toBe(4);
    const withoutOauth = BROKER_CATALOGUE.filter((entry) => !entry.oauthEnabled);
    expect(withoutOauth.map((entry) => [entry.type, entry.requiresAccountId])).toEqual([['multi-asset', true]]);
    expect(BROKER_CATALOGUE.filter((entry) => entry.requiresAccountId)).toHaveLength(1);
  });

  it('the commission-free stock broker with paper trading is Alpaca, and with Tradier the connectable entries (Schwab and Interactive Brokers have no adapter)', () => {
    expect(catalogueEntry('alpaca')?.supportedFeatures).toEqual(
      expect.arrayContaining(['paper_trading', 'commission_free', 'stocks']),
    );
    expect(BROKER_CATALOGUE.filter((entry) => entry.connectable).map((entry) => entry.id)).toEqual([
      'alpaca',
      'tradier',
    ]);
    expect(catalogueEntry('nope')).toBeUndefined();
  });
});
