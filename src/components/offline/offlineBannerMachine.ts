// The offline banner's timing and Retry state (spec §2 Offline banner, §4 Online/offline), free of React and of
// browser globals: shown OFFLINE_BANNER_DELAY_MS after the browser goes offline, hidden as soon as it is back;
// Retry is 'checking' while the health check runs, reloads on OK and returns to idle otherwise.
import { OFFLINE_BANNER_DELAY_MS } from '../../domain/constants';

export type RetryStatus = 'idle' | 'checking';

export interface OfflineBannerState {
  online: boolean;
  visible: boolean;
  retry: RetryStatus;
}

export interface OfflineBannerMachine {
  getState(): OfflineBannerState;
  subscribe(listener: () => void): () => void;
  /** The browser's connectivity changed (or is being reported for the first time). */
  setOnline(online: boolean): void;
  /** Runs `check`; on true calls `reload` (the label stays 'checking' until the page goes), else back to idle. */
  retry(check: () => Promise<boolean>, reload: () => void): Promise<void>;
  /** Stops the pending timer (unmount). */
  dispose(): void;
}

export function createOfflineBannerMachine(delayMs = OFFLINE_BANNER_DELAY_MS): OfflineBannerMachine {
  let state: OfflineBannerState = { online: true, visible: false, retry: 'idle' };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  const update = (next: Partial<OfflineBannerState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setOnline(online) {
      if (online) {
        clearTimer();
        if (!state.online || state.visible) update({ online: true, visible: false });
        return;
      }
      if (state.online) update({ online: false });
      if (timer === null && !state.visible) {
        timer = setTimeout(() => {
          timer = null;
          update({ visible: true });
        }, delayMs);
      }
    },
    async retry(check, reload) {
      if (state.retry === 'checking') return;
      update({ retry: 'checking' });
      const ok = await check().catch(() => false);
      if (ok) reload();
      else update({ retry: 'idle' });
    },
    dispose: clearTimer,
  };
}

/** Spec §7 REST: HEAD /api/health with the cache disabled; only an OK status counts. */
export async function checkHealth(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl('/api/health', { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}
