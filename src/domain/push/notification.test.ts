import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../preferences';
import {
  alertNotification,
  catchUpSummary,
  fillNotification,
  notificationUrl,
  opportunityNotification,
  pushAllowed,
  safeNotificationUrl,
} from './notification';

describe('push notifications', () => {
  it('opens the screen of what happened', () => {
    expect(notificationUrl('alert', 'AAPL')).toBe('/stock/AAPL');
    expect(notificationUrl('alert', 'BRK.B')).toBe('/stock/BRK.B');
    expect(notificationUrl('alert', null)).toBe('/dashboard');
    expect(notificationUrl('fill', 'AAPL')).toBe('/activity');
    expect(notificationUrl('opportunity', 'AAPL')).toBe('/stock/AAPL');
    expect(notificationUrl('opportunity', null)).toBe('/dashboard');
  });

  it('navigates only to paths of this app', () => {
    expect(safeNotificationUrl('/activity')).toBe('/activity');
    expect(safeNotificationUrl('/stock/MSFT?x=1')).toBe('/stock/MSFT?x=1');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      7,
      null,
    ]) {
      expect(safeNotificationUrl(bad)).toBe('/dashboard');
    }
  });

  it('follows the push preference and the kind’s own preference', () => {
    const on = DEFAULT_PREFERENCES.notifications;
    expect(pushAllowed(on, 'alert')).toBe(true);
    expect(pushAllowed({ ...on, push: false }, 'alert')).toBe(false);
    expect(pushAllowed({ ...on, tradingAlerts: false }, 'alert')).toBe(false);
    expect(pushAllowed({ ...on, tradingAlerts: false }, 'opportunity')).toBe(false);
    expect(pushAllowed({ ...on, tradingAlerts: false }, 'fill')).toBe(true);
    expect(pushAllowed({ ...on, portfolioUpdates: false }, 'fill')).toBe(false);
  });

  it('words a fired alert, a fill and an opportunity', () => {
    expect(
      alertNotification({
        id: 'a1',
        symbol: 'AAPL',
        condition: 'above',
        triggerPrice: 200,
        currentPrice: 201.5,
        message: 'Take profit',
      }),
    ).toEqual({
      title: 'Price alert: AAPL',
      body: 'AAPL is above $200.00 (now $201.50). Take profit',
      url: '/stock/AAPL',
      tag: 'alert:a1',
      kind: 'alert',
    });
    expect(
      fillNotification({ id: 'o1', symbol: 'MSFT', side: 'SELL', filledQuantity: 3, averageFillPrice: 410.25 }),
    ).toMatchObject({ title: 'Order filled: MSFT', body: 'Sold 3 MSFT at $410.25', url: '/activity', tag: 'order:o1' });
    expect(opportunityNotification({ id: 'p1', symbol: 'NVDA', reasoning: 'RSI oversold' })).toMatchObject({
      url: '/stock/NVDA',
      tag: 'opportunity:p1',
      kind: 'opportunity',
    });
  });

  it('sums up what was missed in one line', () => {
    expect(catchUpSummary([])).toBeNull();
    expect(catchUpSummary(['alert'])).toBe('While you were away: 1 price alert fired.');
    expect(catchUpSummary(['fill', 'alert', 'fill', 'opportunity'])).toBe(
      'While you were away: 1 price alert fired, 2 orders filled, 1 opportunity found.',
    );
  });
});
