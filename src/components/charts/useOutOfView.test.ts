import { describe, expect, it } from 'vitest';
import { OutOfView } from './useOutOfView';

describe('OutOfView', () => {
  it('is in view until told otherwise, and calls back each time the element comes back, not before', () => {
    const state = new OutOfView();
    const calls: boolean[] = [];
    const stop = state.onBack(() => calls.push(state.isOut()));
    expect(state.isOut()).toBe(false);
    state.set(false);
    expect(calls).toEqual([]);
    state.set(true);
    state.set(true);
    expect(state.isOut()).toBe(true);
    expect(calls).toEqual([]);
    state.set(false);
    expect(calls).toEqual([false]);
    state.set(true);
    stop();
    state.set(false);
    expect(calls).toEqual([false]);
  });
});
