import { clearPersistedQueryCache } from './queryClient';
import { TRADING_MODE_KEY } from '../features/trading/tradingModeStore';
import { createSessionManager, SESSION_CHANNEL, type SessionManager } from '../auth/session';

let instance: SessionManager | null = null;

/** This tab's session manager: localStorage, a BroadcastChannel to the other tabs, the persisted query cache. */
export function browserSession(): SessionManager {
  instance ??= createSessionManager({
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL),
    clearCaches: clearPersistedQueryCache,
    userStorageKeys: [TRADING_MODE_KEY],
  });
  return instance;
}
