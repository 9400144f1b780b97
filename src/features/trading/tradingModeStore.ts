import { DEFAULT_TRADING_MODE } from '../../domain/constants';
import type { TradingMode } from '../../graphql/generated/graphql';
import { readStored, writeStored, type KeyValueStorage } from '../../lib/storage';

/** localStorage key of the last known trading mode. */
export const TRADING_MODE_KEY = 'tradingMode';

export interface TradingModeState {
  mode: TradingMode;
  /** Why the last switch failed, kept until the next successful one. */
  error: string | null;
}

export interface TradingModeStore {
  getState(): TradingModeState;
  subscribe(listener: () => void): () => void;
  /** A switch the server accepted: the mode is stored locally and the error cleared. */
  confirm(mode: TradingMode): void;
  /** The mode the server reports (configuration loaded): stored locally; a kept error stays. */
  sync(mode: TradingMode): void;
  /** A failed switch: the mode is unchanged and the error kept. */
  fail(error: string): void;
}

export function isTradingMode(value: unknown): value is TradingMode {
  return value === 'paper' || value === 'live';
}

/** Spec §4 Trading mode: paper initially; a stored paper or live value is restored. */
export function createTradingModeStore(storage?: KeyValueStorage | null): TradingModeStore {
  const stored = readStored(TRADING_MODE_KEY, storage);
  let state: TradingModeState = { mode: isTradingMode(stored) ? stored : DEFAULT_TRADING_MODE, error: null };
  const listeners = new Set<() => void>();
  const update = (next: TradingModeState) => {
    if (next.mode === state.mode && next.error === state.error) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    confirm(mode) {
      writeStored(TRADING_MODE_KEY, mode, storage);
      update({ mode, error: null });
    },
    sync(mode) {
      writeStored(TRADING_MODE_KEY, mode, storage);
      update({ mode, error: state.error });
    },
    fail(error) {
      update({ mode: state.mode, error });
    },
  };
}
