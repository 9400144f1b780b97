import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_RETRY_CAP_MS, subscriptionRetryDelay, subscriptionUrl } from './subscriptions';

describe('subscriptionUrl', () => {
  it('uses ws on http and wss on https, always at /graphql', () => {
    expect(subscriptionUrl('http://localhost:3000')).toBe('ws://localhost:3000/graphql');
    expect(subscriptionUrl('https://trader.example.com')).toBe('wss://trader.example.com/graphql');
  });
});

describe('subscriptionRetryDelay', () => {
  it('doubles from one second, between half and all of the step', () => {
    expect(subscriptionRetryDelay(0, () => 0)).toBe(500);
    expect(subscriptionRetryDelay(0, () => 1)).toBe(1000);
    expect(subscriptionRetryDelay(3, () => 0)).toBe(4000);
    expect(subscriptionRetryDelay(3, () => 1)).toBe(8000);
  });

  it('never waits longer than the cap', () => {
    expect(subscriptionRetryDelay(20, () => 1)).toBe(SUBSCRIPTION_RETRY_CAP_MS);
    expect(subscriptionRetryDelay(1000, () => 0.5)).toBeLessThanOrEqual(SUBSCRIPTION_RETRY_CAP_MS);
  });
});
