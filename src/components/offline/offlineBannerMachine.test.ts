import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_BANNER_DELAY_MS } from '../../domain/constants';
import { checkHealth, createOfflineBannerMachine } from './offlineBannerMachine';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('offline banner timing', () => {
  it('shows the banner 2 s after going offline, not before', () => {
    const machine = createOfflineBannerMachine();
    machine.setOnline(false);
    vi.advanceTimersByTime(OFFLINE_BANNER_DELAY_MS - 1);
    expect(machine.getState()).toMatchObject({ online: false, visible: false });
    vi.advanceTimersByTime(1);
    expect(machine.getState()).toMatchObject({ online: false, visible: true });
  });

  it('hides at once when the connection returns, and a short outage never shows it', () => {
    const machine = createOfflineBannerMachine();
    machine.setOnline(false);
    vi.advanceTimersByTime(OFFLINE_BANNER_DELAY_MS);
    machine.setOnline(true);
    expect(machine.getState()).toMatchObject({ online: true, visible: false });

    machine.setOnline(false);
    vi.advanceTimersByTime(OFFLINE_BANNER_DELAY_MS / 2);
    machine.setOnline(true);
    vi.advanceTimersByTime(OFFLINE_BANNER_DELAY_MS * 2);
    expect(machine.getState().visible).toBe(false);
  });

  it('repeated offline reports do not restart the delay', () => {
    const machine = createOfflineBannerMachine();
    machine.setOnline(false);
    vi.advanceTimersByTime(1500);
    machine.setOnline(false);
    vi.advanceTimersByTime(500);
    expect(machine.getState().visible).toBe(true);
  });

  it('tells subscribers of changes and stops its timer on dispose', () => {
    const machine = createOfflineBannerMachine();
    const listener = vi.fn();
    const unsubscribe = machine.subscribe(listener);
    machine.setOnline(false);
    expect(listener).toHaveBeenCalledTimes(1);
    machine.dispose();
    vi.advanceTimersByTime(OFFLINE_BANNER_DELAY_MS * 2);
    expect(machine.getState().visible).toBe(false);
    unsubscribe();
    machine.setOnline(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('Retry', () => {
  it("is 'checking' while the health check runs, then idle again when it fails (banner stays)", async () => {
    const machine = createOfflineBannerMachine();
    machine.setOnline(false);
    vi.advanceTimersByTime(OFFLINE_BANNER_DELAY_MS);
    let answer: (ok: boolean) => void = () => undefined;
    const reload = vi.fn();
    const running = machine.retry(() => new Promise<boolean>((resolve) => (answer = resolve)), reload);
    expect(machine.getState().retry).toBe('checking');
    answer(false);
    await running;
    expect(machine.getState()).toMatchObject({ retry: 'idle', visible: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads when the health check answers OK, and ignores a second press meanwhile', async () => {
    const machine = createOfflineBannerMachine();
    const reload = vi.fn();
    const check = vi.fn(() => Promise.resolve(true));
    await Promise.all([machine.retry(check, reload), machine.retry(check, reload)]);
    expect(check).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a throwing check as a failure', async () => {
    const machine = createOfflineBannerMachine();
    await machine.retry(() => Promise.reject(new Error('offline')), vi.fn());
    expect(machine.getState().retry).toBe('idle');
  });
});

describe('checkHealth', () => {
  it('sends HEAD /api/health with the cache disabled and reads only the status', async () => {
    const fetchImpl = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 200 })),
    );
    await expect(checkHealth(fetchImpl)).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith('/api/health', { method: 'HEAD', cache: 'no-store' });
  });

  it('is false for an error status or a network failure', async () => {
    await expect(checkHealth(() => Promise.resolve(new Response(null, { status: 503 })))).resolves.toBe(false);
    await expect(checkHealth(() => Promise.reject(new TypeError('Failed to fetch')))).resolves.toBe(false);
  });
});
