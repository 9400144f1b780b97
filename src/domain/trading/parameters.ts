/**
 * A trader's own trading parameters (spec §3 Trading parameters, §5, §9), pure: the shapes, the default
 * profile, the risk presets' fill values and the validation the server applies to every save.
 *
 * Rules:
 * - accountSizeAllocation: a whole percentage from 10 to 100 in steps of 5 (the share of the account's equity
 *   its positions may take: src/domain/trading/risk.ts).
 * - maxPositionSize: dollars, from 100 to {@link MAX_PRICE} in steps of 100.
 * - dailyLossLimit: dollars, from 50 to {@link MAX_PRICE} in steps of 50.
 * - riskTolerance: conservative | moderate | aggressive (a label: choosing one in a form fills the preset's
 *   allocation, max position size and daily loss limit, see {@link presetParameters}).
 * - preferredTradingHours: market_hours | extended_hours | all_hours. The paper broker has only the regular session
 *   (9:30 to 16:00 ET, spec §9): outside it nothing fills, and an order placed while closed waits for the open
 *   (DAY, GTC) or is refused (IOC, FOK) whatever this says, so in paper trading every value behaves as market_hours.
 *   At a live broker with extended sessions (Alpaca) it decides whether an order may also work before the open and
 *   after the close: {@link worksInExtendedHours}. Tradier takes extended-session orders only as separate pre/post
 *   orders, so its orders stay in the regular session.
 * - assetPreferences: a non-empty subset of stocks, etfs, options, crypto, else
 *   {@link ASSET_PREFERENCES_REQUIRED}.
 * - tradingMode: paper | live; live needs modeConfirmed, else {@link LIVE_CONFIRMATION_REQUIRED}.
 * - Default profile (spec §9): moderate, allocation 100, market_hours, the moderate preset's limits, stocks and
 *   etfs, paper. Until a user saves their own parameters, the limits follow their risk tolerance's preset.
 */
import { MAX_PRICE } from '../inputRules';
import { RISK_PRESETS, type RiskTolerance } from '../constants';
import type { AssetType } from '../market/universe';
import type { TradingMode } from './broker';

export const RISK_TOLERANCES = ['conservative', 'moderate', 'aggressive'] as const satisfies readonly RiskTolerance[];
export const TRADING_HOURS_CHOICES = ['market_hours', 'extended_hours', 'all_hours'] as const;
export type PreferredTradingHours = (typeof TRADING_HOURS_CHOICES)[number];

/**
 * Whether an order sent to a live broker may also work in the extended sessions (pre-market and after-hours): the
 * user prefers extended_hours or all_hours, and the order is a DAY limit order (the only kind US brokers take
 * outside the regular session; any other order keeps to the regular session).
 */
export function worksInExtendedHours(
  preferred: PreferredTradingHours,
  order: { type: string; timeInForce: string | null },
): boolean {
  return preferred !== 'market_hours' && order.type === 'LIMIT' && (order.timeInForce ?? 'DAY') === 'DAY';
}
export const ASSET_PREFERENCES = ['stocks', 'etfs', 'options', 'crypto'] as const;
export type AssetPreference = (typeof ASSET_PREFERENCES)[number];
/** The asset preference an instrument of the market universe falls under. */
export function assetPreferenceOf(type: AssetType): AssetPreference {
  return type === 'etf' ? 'etfs' : 'stocks';
}

export const TRADING_MODES = ['paper', 'live'] as const satisfies readonly TradingMode[];

export const ASSET_PREFERENCES_REQUIRED = 'Please select at least one asset type';
export const LIVE_CONFIRMATION_REQUIRED = 'Please confirm that you understand the risks of live trading';

/** The parameters a user sets (everything but the trading mode, which is switched on its own). */
export interface TradingParametersInput {
  /** Percent of the account's equity. */
  accountSizeAllocation: number;
  /** Dollars. */
  maxPositionSize: number;
  /** Dollars. */
  dailyLossLimit: number;
  riskTolerance: RiskTolerance;
  preferredTradingHours: PreferredTradingHours;
  assetPreferences: AssetPreference[];
}

export interface TradingParameters extends TradingParametersInput {
  tradingMode: TradingMode;
}

/** Bounds of the numeric fields (the wizard's slider and inputs use them too). */
export const PARAMETER_BOUNDS = {
  accountSizeAllocation: { min: 10, max: 100, step: 5 },
  maxPositionSize: { min: 100, max: MAX_PRICE, step: 100 },
  dailyLossLimit: { min: 50, max: MAX_PRICE, step: 50 },
} as const;

type NumericField = keyof typeof PARAMETER_BOUNDS;

const LABELS: Record<keyof TradingParametersInput | 'tradingMode' | 'modeConfirmed', string> = {
  accountSizeAllocation: 'Account size allocation',
  maxPositionSize: 'Max position size',
  dailyLossLimit: 'Daily loss limit',
  riskTolerance: 'Risk tolerance',
  preferredTradingHours: 'Preferred trading hours',
  assetPreferences: 'Asset preferences',
  tradingMode: 'Trading mode',
  modeConfirmed: 'Mode confirmation',
};

const UNITS: Record<NumericField, (value: number) => string> = {
  accountSizeAllocation: (value) => `${value}%`,
  maxPositionSize: (value) => `$${value.toLocaleString('en-US')}`,
  dailyLossLimit: (value) => `$${value.toLocaleString('en-US')}`,
};

/** The preset's fill values for a risk tolerance (allocation %, max position size $, daily loss limit $). */
export function presetParameters(
  riskTolerance: RiskTolerance,
): Pick<TradingParametersInput, 'accountSizeAllocation' | 'maxPositionSize' | 'dailyLossLimit'> {
  const preset = RISK_PRESETS[riskTolerance];
  return {
    accountSizeAllocation: preset.allocation,
    maxPositionSize: preset.maxPositionSize,
    dailyLossLimit: preset.dailyLossLimit,
  };
}

export const DEFAULT_TRADING_PARAMETERS: TradingParameters = {
  accountSizeAllocation: 100,
  maxPositionSize: RISK_PRESETS.moderate.maxPositionSize,
  dailyLossLimit: RISK_PRESETS.moderate.dailyLossLimit,
  riskTolerance: 'moderate',
  preferredTradingHours: 'market_hours',
  assetPreferences: ['stocks', 'etfs'],
  tradingMode: 'paper',
};

/** What is stored per user: null where the user has not set their own value (the default profile applies). */
export interface StoredTradingParameters {
  riskTolerance: RiskTolerance;
  tradingMode: TradingMode;
  accountSizeAllocation: number | null;
  maxPositionSizeCents: number | null;
  dailyLossLimitCents: number | null;
  preferredTradingHours: PreferredTradingHours | null;
  assetPreferences: AssetPreference[] | null;
}

/** The parameters in force: the user's own, or the default profile with the limits of their risk preset. */
export function resolveTradingParameters(stored: StoredTradingParameters): TradingParameters {
  const preset = RISK_PRESETS[stored.riskTolerance];
  return {
    accountSizeAllocation: stored.accountSizeAllocation ?? DEFAULT_TRADING_PARAMETERS.accountSizeAllocation,
    maxPositionSize: stored.maxPositionSizeCents === null ? preset.maxPositionSize : stored.maxPositionSizeCents / 100,
    dailyLossLimit: stored.dailyLossLimitCents === null ? preset.dailyLossLimit : stored.dailyLossLimitCents / 100,
    riskTolerance: stored.riskTolerance,
    preferredTradingHours: stored.preferredTradingHours ?? DEFAULT_TRADING_PARAMETERS.preferredTradingHours,
    assetPreferences: stored.assetPreferences ?? [...DEFAULT_TRADING_PARAMETERS.assetPreferences],
    tradingMode: stored.tradingMode,
  };
}

/** Whether the user saved parameters of their own (the onboarding's tradingParametersSet). */
export function hasOwnParameters(stored: StoredTradingParameters): boolean {
  return stored.maxPositionSizeCents !== null;
}

export type ParameterField = keyof typeof LABELS;
/** One message per bad field, each naming it. */
export type ParameterErrors = Partial<Record<string, string>>;
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: ParameterErrors };

function checkNumeric(field: NumericField, value: unknown): string | null {
  const { min, max, step } = PARAMETER_BOUNDS[field];
  const unit = UNITS[field];
  const rule = `${LABELS[field]} must be from ${unit(min)} to ${unit(max)}, in steps of ${unit(step)}`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${rule}.`;
  if (value < min || value > max || value % step !== 0) return `${rule}: ${String(value)} is not.`;
  return null;
}

function checkChoice(field: ParameterField, value: unknown, choices: readonly string[]): string | null {
  if (typeof value === 'string' && choices.includes(value)) return null;
  return `${LABELS[field]} must be one of ${choices.join(', ')}.`;
}

function checkAssets(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return ASSET_PREFERENCES_REQUIRED;
  const unknown = value.find((item) => !(ASSET_PREFERENCES as readonly unknown[]).includes(item));
  if (unknown !== undefined) return `${LABELS.assetPreferences} must be among ${ASSET_PREFERENCES.join(', ')}.`;
  if (new Set(value).size !== value.length) return `${LABELS.assetPreferences} must not repeat an asset type.`;
  return null;
}

function unknownFields(input: Record<string, unknown>, known: readonly string[], errors: ParameterErrors): void {
  for (const key of Object.keys(input)) {
    if (!known.includes(key)) errors[key] = `${key} is not a trading parameter.`;
  }
}

const INPUT_FIELDS = Object.keys(LABELS).filter((key) => key !== 'tradingMode' && key !== 'modeConfirmed');

/** Validates a complete set of parameters; every field is required and checked (all errors at once). */
export function validateTradingParameters(input: Record<string, unknown>): Validated<TradingParametersInput> {
  const errors: ParameterErrors = {};
  for (const field of ['accountSizeAllocation', 'maxPositionSize', 'dailyLossLimit'] as const) {
    const problem = checkNumeric(field, input[field]);
    if (problem) errors[field] = problem;
  }
  const risk = checkChoice('riskTolerance', input.riskTolerance, RISK_TOLERANCES);
  if (risk) errors.riskTolerance = risk;
  const hours = checkChoice('preferredTradingHours', input.preferredTradingHours, TRADING_HOURS_CHOICES);
  if (hours) errors.preferredTradingHours = hours;
  const assets = checkAssets(input.assetPreferences);
  if (assets) errors.assetPreferences = assets;
  unknownFields(input, INPUT_FIELDS, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: input as unknown as TradingParametersInput };
}

/** Validates a trading mode choice: live needs `modeConfirmed: true`. */
export function validateModeChoice(input: Record<string, unknown>): Validated<{ tradingMode: TradingMode }> {
  const errors: ParameterErrors = {};
  const mode = checkChoice('tradingMode', input.tradingMode, TRADING_MODES);
  if (mode) errors.tradingMode = mode;
  if (input.modeConfirmed !== undefined && typeof input.modeConfirmed !== 'boolean') {
    errors.modeConfirmed = `${LABELS.modeConfirmed} must be true or false.`;
  } else if (!mode && input.tradingMode === 'live' && input.modeConfirmed !== true) {
    errors.modeConfirmed = LIVE_CONFIRMATION_REQUIRED;
  }
  unknownFields(input, ['tradingMode', 'modeConfirmed'], errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { tradingMode: input.tradingMode as TradingMode } };
}
