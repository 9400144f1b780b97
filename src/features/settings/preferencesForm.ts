import type { RiskTolerance } from '../../domain/constants';
import { DEFAULT_TIMEFRAME } from '../../domain/constants';
import type { NotificationSettings, TradingHoursSettings } from '../../domain/preferences';
import { normalizeTimeframe, type Timeframe } from '../../domain/timeframes';
import type { MeQuery, PreferencesInput } from '../../graphql/generated/graphql';

type ServerPreferences = MeQuery['me']['preferences'];

/**
 * The editable part of the preferences (the theme has its own control under Appearance; the risk tolerance is edited
 * with the trading parameters it fills, in their own section).
 */
export interface PreferencesFormValues {
  defaultTimeframe: Timeframe;
  notifications: NotificationSettings;
  tradingHours: TradingHoursSettings;
}

export function formValuesFromPreferences(preferences: ServerPreferences): PreferencesFormValues {
  return {
    defaultTimeframe: normalizeTimeframe(preferences.defaultTimeframe) ?? DEFAULT_TIMEFRAME,
    notifications: { ...preferences.notifications },
    tradingHours: { ...preferences.tradingHours },
  };
}

export function preferencesInputFromForm(values: PreferencesFormValues): PreferencesInput {
  return {
    defaultTimeframe: values.defaultTimeframe,
    notifications: { ...values.notifications },
    tradingHours: { ...values.tradingHours },
  };
}

export function sameFormValues(a: PreferencesFormValues, b: PreferencesFormValues): boolean {
  return (
    a.defaultTimeframe === b.defaultTimeframe &&
    (Object.keys(a.notifications) as (keyof NotificationSettings)[]).every(
      (key) => a.notifications[key] === b.notifications[key],
    ) &&
    (Object.keys(a.tradingHours) as (keyof TradingHoursSettings)[]).every(
      (key) => a.tradingHours[key] === b.tradingHours[key],
    )
  );
}

export const NOTIFICATION_LABELS: Record<keyof NotificationSettings, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push notifications',
  tradingAlerts: 'Trading alerts',
  portfolioUpdates: 'Portfolio updates',
  systemAlerts: 'System alerts',
};

export const TRADING_HOURS_LABELS: Record<keyof TradingHoursSettings, string> = {
  preMarket: 'Pre-market',
  regularHours: 'Regular hours',
  afterHours: 'After hours',
  weekends: 'Weekends',
};

export const RISK_TOLERANCE_LABELS: Record<RiskTolerance, string> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
};

export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '30m': '30 minutes',
  '1h': '1 hour',
  '4h': '4 hours',
  '1d': '1 day',
  '1w': '1 week',
};
