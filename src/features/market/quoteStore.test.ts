import { describe, expect, it, vi } from 'vitest';
import { createQuoteStore } from './quoteStore';
import { testQuote } from './fixtures';

const quote = testQuote;

/** A store whose flushes run when the test says. */
function manualStore() {
  const frames: (() => void)[] = [];
  const store = createQuoteStore((flush) => frames.push(flush));
  const frame = () => frames.splice(0).forEach((flush) => flush());
  return { store, frame, scheduled: () => frames.length };
}

describe('quote store', () => {
  it('stores quotes at once and tells listeners once per flush, only about their symbols', () => {
    const { store, frame, scheduled } = manualStore();
    const aapl = vi.fn();
    const both = vi.fn();
    store.subscribe(['AAPL'], aapl);
    store.subscribe(['AAPL', 'MSFT'], both);

    store.put([quote('AAPL', 100, 1)]);
    store.put([quote('MSFT', 300, 1)]);
    store.put([quote('TSLA', 200, 1)]);
    expect(store.get('AAPL')?.price).toBe(100);
    expect(scheduled()).toBe(1);
    expect(aapl).not.toHaveBeenCalled();

    frame();
    expect(aapl).toHaveBeenCalledTimes(1);
    expect(both).toHaveBeenCalledTimes(1);

    store.put([quote('MSFT', 301, 2)]);
    frame();
    expect(aapl).toHaveBeenCalledTimes(1);
    expect(both).toHaveBeenCalledTimes(2);
  });

  it('ignores a quote older than the stored one (a slow answer never moves a price back)', () => {
    const { store, frame, scheduled } = manualStore();
    store.put([quote('AAPL', 101, 5)]);
    frame();
    store.put([quote('AAPL', 99, 4)]);
    expect(store.get('AAPL')?.price).toBe(101);
    expect(scheduled()).toBe(0);
  });

  it('changes the version of a set of symbols when one of them changed in a flush', () => {
    const { store, frame } = manualStore();
    const before = store.version(['AAPL', 'MSFT']);
    store.put([quote('TSLA', 200, 1)]);
    frame();
    expect(store.version(['AAPL', 'MSFT'])).toBe(before);
    store.put([quote('MSFT', 300, 1)]);
    frame();
    expect(store.version(['AAPL', 'MSFT'])).not.toBe(before);
  });

  it('hands each flush its quotes, and stops telling an unsubscribed listener', () => {
    const { store, frame } = manualStore();
    const flushed = vi.fn();
    store.onFlush(flushed);
    const listener = vi.fn();
    const stop = store.subscribe(['AAPL'], listener);
    store.put([quote('AAPL', 100, 1), quote('MSFT', 300, 1)]);
    frame();
    expect(flushed).toHaveBeenCalledWith([quote('AAPL', 100, 1), quote('MSFT', 300, 1)]);
    stop();
    store.put([quote('AAPL', 102, 2)]);
    frame();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
