import { DEFAULT_TIMEFRAME, type RiskTolerance } from './constants';

/** User preferences (spec §3), as stored by the server and shown by the client. */
export type Theme = 'LIGHT' | 'DARK';

export interface NotificationSettings {
  email: boolean;
  sms: boolean;
  push: boolean;
  tradingAlerts: boolean;
  portfolioUpdates: boolean;
  systemAlerts: boolean;
}

export interface TradingHoursSettings {
  preMarket: boolean;
  regularHours: boolean;
  afterHours: boolean;
  weekends: boolean;
}

export interface UserPreferences {
  theme: Theme;
  defaultTimeframe: string;
  riskTolerance: RiskTolerance;
  notifications: NotificationSettings;
  tradingHours: TradingHoursSettings;
}

/** Single-user defaults (spec §3): theme dark, timeframe 1d, risk moderate, notifications on except sms, weekends off. */
export const DEFAULT_PREFERENCES: UserPreferences = {
  theme: 'DARK',
  defaultTimeframe: DEFAULT_TIMEFRAME,
  riskTolerance: 'moderate',
  notifications: {
    email: true,
    sms: false,
    push: true,
    tradingAlerts: true,
    portfolioUpdates: true,
    systemAlerts: true,
  },
  tradingHours: { preMarket: false, regularHours: true, afterHours: false, weekends: false },
};
