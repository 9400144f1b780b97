import { describe, expect, it } from 'vitest';
import {
  ASSET_PREFERENCES_REQUIRED,
  DEFAULT_TRADING_PARAMETERS,
  hasOwnParameters,
  LIVE_CONFIRMATION_REQUIRED,
  presetParameters,
  resolveTradingParameters,
  validateModeChoice,
  validateTradingParameters,
  worksInExtendedHours,
  type StoredTradingParameters,
} from './parameters';

const valid = {
  accountSizeAllocation: 75,
  maxPositionSize: 5_000,
  dailyLossLimit: 250,
  riskTolerance: 'moderate',
  preferredTradingHours: 'extended_hours',
  assetPreferences: ['stocks'],
};

const nothingStored: StoredTradingParameters = {
  riskTolerance: 'moderate',
  tradingMode: 'paper',
  accountSizeAllocation: null,
  maxPositionSizeCents: null,
  dailyLossLimitCents: null,
  preferredTradingHours: null,
  assetPreferences: null,
};

const errorsOf = (input: Record<string, unknown>) => {
  const result = validateTradingParameters(input);
  return result.ok ? {} : result.errors;
};

describe('trading parameters', () => {
  it('defaults to spec §9: moderate, allocation 100, market_hours, the moderate limits, stocks and etfs, paper', () => {
    expect(DEFAULT_TRADING_PARAMETERS).toEqual({
      accountSizeAllocation: 100,
      maxPositionSize: 1_000,
      dailyLossLimit: 500,
      riskTolerance: 'moderate',
      preferredTradingHours: 'market_hours',
      assetPreferences: ['stocks', 'etfs'],
      tradingMode: 'paper',
    });
    expect(resolveTradingParameters(nothingStored)).toEqual(DEFAULT_TRADING_PARAMETERS);
    expect(hasOwnParameters(nothingStored)).toBe(false);
  });

  it('fills the preset values of each risk tolerance', () => {
    expect(presetParameters('conservative')).toEqual({
      accountSizeAllocation: 50,
      maxPositionSize: 500,
      dailyLossLimit: 250,
    });
    expect(presetParameters('aggressive')).toEqual({
      accountSizeAllocation: 100,
      maxPositionSize: 2_000,
      dailyLossLimit: 1_000,
    });
  });

  it('lets the preset limits follow the risk tolerance until the user sets their own', () => {
    expect(resolveTradingParameters({ ...nothingStored, riskTolerance: 'aggressive' })).toMatchObject({
      maxPositionSize: 2_000,
      dailyLossLimit: 1_000,
      accountSizeAllocation: 100,
    });
    const own = { ...nothingStored, riskTolerance: 'aggressive' as const, maxPositionSizeCents: 5_000_00 };
    expect(resolveTradingParameters({ ...own, dailyLossLimitCents: 100_00 })).toMatchObject({
      maxPositionSize: 5_000,
      dailyLossLimit: 100,
    });
    expect(hasOwnParameters(own)).toBe(true);
  });

  it('accepts valid parameters and the bounds themselves', () => {
    expect(validateTradingParameters(valid)).toEqual({ ok: true, value: valid });
    const bounds = { accountSizeAllocation: 10, maxPositionSize: 100, dailyLossLimit: 50 };
    expect(validateTradingParameters({ ...valid, ...bounds }).ok).toBe(true);
    const top = { accountSizeAllocation: 100, maxPositionSize: 10_000_000, dailyLossLimit: 10_000_000 };
    expect(validateTradingParameters({ ...valid, ...top }).ok).toBe(true);
  });

  it('names each bad field, with every error at once', () => {
    const errors = errorsOf({
      ...valid,
      accountSizeAllocation: 12,
      maxPositionSize: 150,
      dailyLossLimit: 25,
      riskTolerance: 'reckless',
      preferredTradingHours: 'night',
      assetPreferences: [],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'accountSizeAllocation',
      'assetPreferences',
      'dailyLossLimit',
      'maxPositionSize',
      'preferredTradingHours',
      'riskTolerance',
    ]);
    expect(errors.accountSizeAllocation).toBe(
      'Account size allocation must be from 10% to 100%, in steps of 5%: 12 is not.',
    );
    expect(errors.maxPositionSize).toMatch(/^Max position size must be from \$100 to \$10,000,000, in steps of \$100/);
    expect(errors.dailyLossLimit).toMatch(/^Daily loss limit must be from \$50/);
    expect(errors.assetPreferences).toBe(ASSET_PREFERENCES_REQUIRED);
  });

  it('refuses out-of-range, fractional, missing and non-numeric values', () => {
    expect(errorsOf({ ...valid, accountSizeAllocation: 105 })).toHaveProperty('accountSizeAllocation');
    expect(errorsOf({ ...valid, accountSizeAllocation: 5 })).toHaveProperty('accountSizeAllocation');
    expect(errorsOf({ ...valid, maxPositionSize: 10_000_100 })).toHaveProperty('maxPositionSize');
    expect(errorsOf({ ...valid, dailyLossLimit: 100.5 })).toHaveProperty('dailyLossLimit');
    expect(errorsOf({ ...valid, dailyLossLimit: '100' })).toHaveProperty('dailyLossLimit');
    expect(errorsOf({ ...valid, maxPositionSize: Number.NaN })).toHaveProperty('maxPositionSize');
    const { riskTolerance: _, ...withoutRisk } = valid;
    expect(errorsOf(withoutRisk)).toHaveProperty('riskTolerance');
  });

  it('refuses unknown, repeated or missing asset types and unknown fields', () => {
    expect(errorsOf({ ...valid, assetPreferences: ['bonds'] })).toHaveProperty('assetPreferences');
    expect(errorsOf({ ...valid, assetPreferences: ['etfs', 'etfs'] })).toHaveProperty('assetPreferences');
    expect(errorsOf({ ...valid, assetPreferences: undefined }).assetPreferences).toBe(ASSET_PREFERENCES_REQUIRED);
    expect(errorsOf({ ...valid, tradingMode: 'paper' })).toEqual({
      tradingMode: 'tradingMode is not a trading parameter.',
    });
  });

  it('needs the risk confirmation for live trading only', () => {
    expect(validateModeChoice({ tradingMode: 'paper' })).toEqual({ ok: true, value: { tradingMode: 'paper' } });
    expect(validateModeChoice({ tradingMode: 'live', modeConfirmed: true }).ok).toBe(true);
    expect(validateModeChoice({ tradingMode: 'live', modeConfirmed: false })).toEqual({
      ok: false,
      errors: { modeConfirmed: LIVE_CONFIRMATION_REQUIRED },
    });
    expect(validateModeChoice({ tradingMode: 'live' })).toEqual({
      ok: false,
      errors: { modeConfirmed: LIVE_CONFIRMATION_REQUIRED },
    });
    expect(validateModeChoice({ tradingMode: 'demo' })).toHaveProperty('errors.tradingMode');
    expect(validateModeChoice({ tradingMode: 'paper', extra: 1 })).toHaveProperty('errors.extra');
  });
});

describe('worksInExtendedHours', () => {
  it('only DAY limit orders of a user preferring extended or all hours', () => {
    const dayLimit = { type: 'LIMIT', timeInForce: 'DAY' };
    expect(worksInExtendedHours('market_hours', dayLimit)).toBe(false);
    expect(worksInExtendedHours('extended_hours', dayLimit)).toBe(true);
    expect(worksInExtendedHours('all_hours', { type: 'LIMIT', timeInForce: null })).toBe(true);
    expect(worksInExtendedHours('all_hours', { type: 'LIMIT', timeInForce: 'GTC' })).toBe(false);
    expect(worksInExtendedHours('all_hours', { type: 'MARKET', timeInForce: 'DAY' })).toBe(false);
    expect(worksInExtendedHours('extended_hours', { type: 'STOP_LIMIT', timeInForce: 'DAY' })).toBe(false);
  });
});
