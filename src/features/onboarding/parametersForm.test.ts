import { describe, expect, it } from 'vitest';
import { DEFAULT_TRADING_PARAMETERS } from '../../domain/trading/parameters';
import {
  assetSelectionError,
  canSaveDraft,
  checkDraft,
  draftFromParameters,
  sameDraft,
  withAssetToggled,
  withRiskPreset,
} from './parametersForm';

const { tradingMode, ...defaults } = DEFAULT_TRADING_PARAMETERS;
const draft = draftFromParameters(defaults);

describe('risk tolerance presets (spec §9)', () => {
  it.each([
    ['conservative', 50, '500', '250'],
    ['moderate', 75, '1000', '500'],
    ['aggressive', 100, '2000', '1000'],
  ] as const)('%s fills allocation %i, max position %s and daily loss limit %s', (risk, allocation, max, loss) => {
    expect(withRiskPreset(draft, risk)).toMatchObject({
      riskTolerance: risk,
      accountSizeAllocation: allocation,
      maxPositionSize: max,
      dailyLossLimit: loss,
    });
  });
});

describe('asset types', () => {
  it('requires at least one, with the spec text, and disables save meanwhile', () => {
    let next = withAssetToggled(draft, 'stocks', false);
    next = withAssetToggled(next, 'etfs', false);
    expect(next.assetPreferences).toEqual([]);
    expect(assetSelectionError(next)).toBe('Please select at least one asset type');
    expect(canSaveDraft(next)).toBe(false);
    expect(checkDraft(next)).toEqual({
      ok: false,
      errors: { assetPreferences: 'Please select at least one asset type' },
    });
  });

  it('keeps the catalogue order whatever the order of selection', () => {
    const next = withAssetToggled(withAssetToggled(draft, 'crypto', true), 'options', true);
    expect(next.assetPreferences).toEqual(['stocks', 'etfs', 'options', 'crypto']);
    expect(canSaveDraft(next)).toBe(true);
  });
});

describe('checkDraft', () => {
  it('turns the typed amounts into numbers for a valid draft', () => {
    expect(checkDraft({ ...draft, maxPositionSize: '2500', dailyLossLimit: '150' })).toEqual({
      ok: true,
      value: { ...defaults, maxPositionSize: 2500, dailyLossLimit: 150 },
    });
  });

  it('names each field off its bounds or step, and an empty amount', () => {
    const result = checkDraft({ ...draft, maxPositionSize: '150', dailyLossLimit: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['dailyLossLimit', 'maxPositionSize']);
    expect(result.errors.maxPositionSize).toContain('Max position size');
    expect(result.errors.dailyLossLimit).toContain('Daily loss limit');
  });
});

it('sameDraft compares every field', () => {
  expect(tradingMode).toBe('paper');
  expect(sameDraft(draft, draftFromParameters(DEFAULT_TRADING_PARAMETERS))).toBe(true);
  expect(sameDraft(draft, { ...draft, dailyLossLimit: '550' })).toBe(false);
});
