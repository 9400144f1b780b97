import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/storage';
import { createTradingModeStore, TRADING_MODE_KEY } from './tradingModeStore';

describe('trading mode store', () => {
  it('starts in paper mode', () => {
    expect(createTradingModeStore(memoryStorage()).getState()).toEqual({ mode: 'paper', error: null });
  });

  it('restores a stored paper or live value and ignores anything else', () => {
    expect(createTradingModeStore(memoryStorage({ [TRADING_MODE_KEY]: 'live' })).getState().mode).toBe('live');
    expect(createTradingModeStore(memoryStorage({ [TRADING_MODE_KEY]: 'paper' })).getState().mode).toBe('paper');
    expect(createTradingModeStore(memoryStorage({ [TRADING_MODE_KEY]: 'LIVE' })).getState().mode).toBe('paper');
  });

  it('keeps the mode and the error when a switch fails', () => {
    const storage = memoryStorage();
    const store = createTradingModeStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.fail('Live trading requires a connected and verified live broker account.');
    expect(store.getState()).toEqual({
      mode: 'paper',
      error: 'Live trading requires a connected and verified live broker account.',
    });
    expect(storage.dump()).toEqual({});
    expect(listener).toHaveBeenCalledOnce();
  });

  it('stores a confirmed mode and clears the error', () => {
    const storage = memoryStorage();
    const store = createTradingModeStore(storage);
    store.fail('nope');
    store.confirm('live');
    expect(store.getState()).toEqual({ mode: 'live', error: null });
    expect(storage.dump()).toEqual({ [TRADING_MODE_KEY]: 'live' });
  });

  it('keeps the error of a failed switch when the mode reported by the server is synced', () => {
    const storage = memoryStorage({ [TRADING_MODE_KEY]: 'live' });
    const store = createTradingModeStore(storage);
    store.fail('refused');
    store.sync('paper');
    expect(store.getState()).toEqual({ mode: 'paper', error: 'refused' });
    expect(storage.dump()).toEqual({ [TRADING_MODE_KEY]: 'paper' });
  });
});
