import { describe, expect, it } from 'vitest';
import {
  GOING_AWAY_RETRY_SPREAD_MS,
  nextConnection,
  SUBSCRIPTION_RETRY_CAP_MS,
  subscriptionRetryDelay,
  subscriptionUrl,
  type SubscriptionConnection,
} from './subscriptions';

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

  it('reconnects at once after a going-away close (server shutdown), then backs off as usual', () => {
    expect(subscriptionRetryDelay(0, () => 0, 1001)).toBe(0);
    expect(subscriptionRetryDelay(0, () => 1, 1001)).toBe(GOING_AWAY_RETRY_SPREAD_MS);
    expect(GOING_AWAY_RETRY_SPREAD_MS).toBeLessThanOrEqual(250);
    // The next attempt (the first one failed too) and any other close wait as before.
    expect(subscriptionRetryDelay(1, () => 0, 1001)).toBe(1000);
    expect(subscriptionRetryDelay(0, () => 0, 1006)).toBe(500);
    expect(subscriptionRetryDelay(0, () => 0, null)).toBe(500);
  });

  it('never waits longer than the cap', () => {
    expect(subscriptionRetryDelay(20, () => 1)).toBe(SUBSCRIPTION_RETRY_CAP_MS);
    expect(subscriptionRetryDelay(1000, () => 0.5)).toBeLessThanOrEqual(SUBSCRIPTION_RETRY_CAP_MS);
  });
});

describe('nextConnection (spec §3 Chat state: isConnected, isReconnecting)', () => {
  const closed = (code: number | null, subscribed = true) => ({ type: 'closed' as const, code, subscribed });

  it('connects, then reconnects after a drop that will be retried, until the socket is back', () => {
    let state: SubscriptionConnection = 'disconnected';
    state = nextConnection(state, { type: 'connecting', isRetry: false });
    expect(state).toBe('connecting');
    state = nextConnection(state, { type: 'connected' });
    expect(state).toBe('connected');
    state = nextConnection(state, closed(1006));
    expect(state).toBe('reconnecting');
    // The retry's own attempts (and their failures) stay "reconnecting".
    state = nextConnection(state, { type: 'connecting', isRetry: true });
    expect(state).toBe('reconnecting');
    state = nextConnection(state, closed(null));
    expect(state).toBe('reconnecting');
    state = nextConnection(state, { type: 'connecting', isRetry: false });
    expect(state).toBe('reconnecting');
    state = nextConnection(state, { type: 'connected' });
    expect(state).toBe('connected');
  });

  it('treats a server going away or restarting as retried', () => {
    for (const code of [1000, 1001, 1005, 1006, 1012, 1013, 1014, 4499, 4408]) {
      expect(nextConnection('connected', closed(code)), String(code)).toBe('reconnecting');
    }
  });

  it('is disconnected after a close nothing retries: final codes, or no subscription left (the lazy close)', () => {
    for (const code of [4401, 4400, 4500, 4406, 4409, 4429, 1002, 1011]) {
      expect(nextConnection('connected', closed(code)), String(code)).toBe('disconnected');
    }
    expect(nextConnection('connected', closed(1000, false))).toBe('disconnected');
    expect(nextConnection('reconnecting', closed(1006, false))).toBe('disconnected');
  });
});
