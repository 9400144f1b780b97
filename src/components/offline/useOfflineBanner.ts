import { useEffect, useState, useSyncExternalStore } from 'react';
import { activeWorkerVersion } from '../../pwa/workerVersion';
import { checkHealth, createOfflineBannerMachine, type OfflineBannerState } from './offlineBannerMachine';

export interface OfflineBanner extends OfflineBannerState {
  /** A service worker controls the page, so the visited screens are cached. */
  workerActive: boolean;
  /** The worker's version (GET_VERSION), once it answered. */
  workerVersion: string | null;
  retryNow(): void;
}

/** The banner machine fed by the window's online/offline events, plus what the service worker reports. */
export function useOfflineBanner(): OfflineBanner {
  const [machine] = useState(() => createOfflineBannerMachine());
  const state = useSyncExternalStore(machine.subscribe, machine.getState);
  const [workerVersion, setWorkerVersion] = useState<string | null>(null);

  useEffect(() => {
    const report = () => machine.setOnline(navigator.onLine);
    report();
    window.addEventListener('online', report);
    window.addEventListener('offline', report);
    return () => {
      window.removeEventListener('online', report);
      window.removeEventListener('offline', report);
      machine.dispose();
    };
  }, [machine]);

  // Asked when the banner shows: by then a worker installed on this visit controls the page too.
  useEffect(() => {
    if (!state.visible) return;
    let current = true;
    void activeWorkerVersion().then((version) => {
      if (current && version) setWorkerVersion(version);
    });
    return () => {
      current = false;
    };
  }, [state.visible]);

  return {
    ...state,
    // Read when rendering: the banner renders when it appears, by which time a new worker has claimed the page.
    workerActive: Boolean(navigator.serviceWorker?.controller),
    workerVersion,
    retryNow: () => void machine.retry(checkHealth, () => window.location.reload()),
  };
}
