import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../domain/preferences';
import { formValuesFromPreferences, preferencesInputFromForm, sameFormValues } from './preferencesForm';

describe('preferences form', () => {
  it('takes the editable preferences, normalising the timeframe', () => {
    const values = formValuesFromPreferences({ ...DEFAULT_PREFERENCES, defaultTimeframe: '1D' });
    expect(values).toEqual({
      defaultTimeframe: '1d',
      notifications: DEFAULT_PREFERENCES.notifications,
      tradingHours: DEFAULT_PREFERENCES.tradingHours,
    });
  });

  it('falls back to the default timeframe for an unknown one', () => {
    expect(formValuesFromPreferences({ ...DEFAULT_PREFERENCES, defaultTimeframe: '3y' }).defaultTimeframe).toBe('1d');
  });

  it('sends everything but the theme and the risk tolerance (saved with the trading parameters)', () => {
    const input = preferencesInputFromForm(formValuesFromPreferences(DEFAULT_PREFERENCES));
    expect(input).not.toHaveProperty('theme');
    expect(input).not.toHaveProperty('riskTolerance');
    expect(input.notifications).toEqual(DEFAULT_PREFERENCES.notifications);
  });

  it('compares values field by field', () => {
    const a = formValuesFromPreferences(DEFAULT_PREFERENCES);
    const b = formValuesFromPreferences(DEFAULT_PREFERENCES);
    expect(sameFormValues(a, b)).toBe(true);
    expect(sameFormValues(a, { ...b, notifications: { ...b.notifications, sms: true } })).toBe(false);
    expect(sameFormValues(a, { ...b, tradingHours: { ...b.tradingHours, weekends: true } })).toBe(false);
    expect(sameFormValues(a, { ...b, defaultTimeframe: '1h' })).toBe(false);
  });
});
