/**
 * The trading parameters form (spec §5 Trading parameters), pure; the same form in the wizard's parameters step and
 * in Settings. The rules themselves (bounds, presets, texts) are src/domain/trading/parameters.ts's.
 *
 * Rules:
 * - Numbers are kept as typed (text) and checked on save with the server's own validation, one message per field.
 * - Choosing a risk tolerance fills the preset's allocation, max position size and daily loss limit; each can then
 *   be changed.
 * - No asset type selected: 'Please select at least one asset type' and save is disabled.
 */
import type { RiskTolerance } from '../../domain/constants';
import {
  ASSET_PREFERENCES_REQUIRED,
  presetParameters,
  validateTradingParameters,
  type AssetPreference,
  type ParameterErrors,
  type PreferredTradingHours,
  type TradingParametersInput,
  type Validated,
} from '../../domain/trading/parameters';

export interface ParametersDraft {
  accountSizeAllocation: number;
  maxPositionSize: string;
  dailyLossLimit: string;
  riskTolerance: RiskTolerance;
  preferredTradingHours: PreferredTradingHours;
  assetPreferences: AssetPreference[];
}

export const PREFERRED_HOURS_LABELS: Record<PreferredTradingHours, string> = {
  market_hours: 'Market hours',
  extended_hours: 'Extended hours',
  all_hours: 'All hours',
};

export const ASSET_LABELS: Record<AssetPreference, string> = {
  stocks: 'Stocks',
  etfs: 'ETFs',
  options: 'Options',
  crypto: 'Crypto',
};

export function draftFromParameters(parameters: TradingParametersInput): ParametersDraft {
  return {
    accountSizeAllocation: parameters.accountSizeAllocation,
    maxPositionSize: String(parameters.maxPositionSize),
    dailyLossLimit: String(parameters.dailyLossLimit),
    riskTolerance: parameters.riskTolerance,
    preferredTradingHours: parameters.preferredTradingHours,
    assetPreferences: [...parameters.assetPreferences],
  };
}

/** The draft with a risk tolerance chosen: the preset's values filled in. */
export function withRiskPreset(draft: ParametersDraft, riskTolerance: RiskTolerance): ParametersDraft {
  const preset = presetParameters(riskTolerance);
  return {
    ...draft,
    riskTolerance,
    accountSizeAllocation: preset.accountSizeAllocation,
    maxPositionSize: String(preset.maxPositionSize),
    dailyLossLimit: String(preset.dailyLossLimit),
  };
}

/** The draft with an asset type added or removed (kept in the catalogue's order). */
export function withAssetToggled(draft: ParametersDraft, asset: AssetPreference, selected: boolean): ParametersDraft {
  const assets = new Set(draft.assetPreferences);
  if (selected) assets.add(asset);
  else assets.delete(asset);
  const order = Object.keys(ASSET_LABELS) as AssetPreference[];
  return { ...draft, assetPreferences: order.filter((candidate) => assets.has(candidate)) };
}

const parseAmount = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The parameters to save, or one message per bad field (the server's rules). */
export function checkDraft(draft: ParametersDraft): Validated<TradingParametersInput> {
  return validateTradingParameters({
    ...draft,
    maxPositionSize: parseAmount(draft.maxPositionSize),
    dailyLossLimit: parseAmount(draft.dailyLossLimit),
  });
}

/** The message shown under the asset types while none is selected (save is disabled meanwhile). */
export function assetSelectionError(draft: ParametersDraft): string | null {
  return draft.assetPreferences.length === 0 ? ASSET_PREFERENCES_REQUIRED : null;
}

export function canSaveDraft(draft: ParametersDraft): boolean {
  return assetSelectionError(draft) === null;
}

export function sameDraft(a: ParametersDraft, b: ParametersDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export type { ParameterErrors };
